package io.fabricemu.net;

/** Why a switch sent a back-to-sender notice. */
public enum BtsCause {
    /** The weighted-random draw picked the packet while it was queued; the packet goes on, marked CE. */
    EARLY,
    /** The queue dropped the packet (a drop always makes a notice, whatever the packet's ECN bit). */
    DROP
}
