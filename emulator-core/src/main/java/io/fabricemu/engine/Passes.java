package io.fabricemu.engine;

import java.util.Arrays;

/**
 * Which relay handles each element's passing signals ({@link Element#passesThrough}), in its own turn: the one relay
 * among the element's senders, when the fabric has a stand-in for the element ({@link ElementFactory#passer}). Every
 * shard works it out alike from the fabric alone, so what passes, and in which turn, is the same however the
 * elements are split over shards and JVMs: so are the run's events, windows and wake-ups.
 */
public final class Passes {
    /** No element lets anything pass. */
    public static final Passes NONE = new Passes(new int[0], new Element[0]);

    /** For every element id, the relay that handles its passing signals, or -1; and the stand-in that does. */
    private final int[] handlerOf;
    private final Element[] passers;

    private Passes(int[] handlerOf, Element[] passers) {
        this.handlerOf = handlerOf;
        this.passers = passers;
    }

    /** The relays that handle passing signals in {@code factory}'s fabric. */
    public static Passes of(ElementFactory factory) {
        int n = factory.elementCount();
        int[] handlerOf = new int[n];
        Element[] passers = new Element[n];
        boolean any = false;
        for (int id = 0; id < n; id++) {
            Element passer = factory.passer(id);
            handlerOf[id] = passer == null ? -1 : onlyRelayTo(factory, id);
            if (handlerOf[id] >= 0) {
                passers[id] = passer;
                any = true;
            }
        }
        return any ? new Passes(handlerOf, passers) : NONE;
    }

    /** The one relay among the senders to {@code id}, or -1 when there is none or more than one. */
    private static int onlyRelayTo(ElementFactory factory, int id) {
        int[] senders = factory.sendersTo(id);
        int relay = -1;
        for (int i = 0; senders != null && i < senders.length; i++) {
            if (factory.relay(senders[i])) {
                if (relay >= 0) {
                    return -1;
                }
                relay = senders[i];
            }
        }
        return relay;
    }

    /** The relay that handles element {@code id}'s passing signals in its turn, or -1 when none does. */
    public int handlerOf(int id) {
        return id < handlerOf.length ? handlerOf[id] : -1;
    }

    /** The stand-in that handles element {@code id}'s passing signals, or null when none does. */
    public Element passerOf(int id) {
        return id < passers.length ? passers[id] : null;
    }

    /**
     * Every element that may send events to {@code id}: those the fabric names ({@link ElementFactory#sendersTo}),
     * and the relays that send in the name of one of them, what passes through it (null when the fabric does not
     * say).
     */
    public int[] sendersTo(ElementFactory factory, int id) {
        int[] senders = factory.sendersTo(id);
        if (senders == null || handlerOf.length == 0) {
            return senders;
        }
        int[] all = Arrays.copyOf(senders, 2 * senders.length);
        int n = senders.length;
        for (int s : senders) {
            if (handlerOf[s] >= 0) {
                all[n++] = handlerOf[s];
            }
        }
        return n == senders.length ? senders : Arrays.copyOf(all, n);
    }
}
