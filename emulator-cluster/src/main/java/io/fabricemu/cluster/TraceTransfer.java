package io.fabricemu.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.AskPattern;
import io.fabricemu.actor.ControlMessage;
import io.fabricemu.cluster.wire.RunResultCodec;
import io.fabricemu.trace.PacketTrace;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Brings a traced run's frames from the members that recorded them to the driver, once the run is over and before
 * the members are released: each member's frames, already in the trace's order, as pcapng blocks
 * ({@link io.fabricemu.trace.TraceBlocks}), asked for part after part ({@link NodeAgent.SendTrace}), each part at
 * most {@link RunResultCodec#PART_BYTES} so that it fits one Artery frame, and appended to a file of the driver's
 * own per member. A member holds one part at a time beyond its trace, the driver one part and the files; the trace
 * file is then merged from them ({@link PacketTrace#write}). A member lost meanwhile fails the transfer as it fails
 * a run: its session completes {@code aborted} with the loss, and the files are deleted.
 */
final class TraceTransfer {
    /** How long a member may take to send one part; a lost member is noticed sooner, by its session. */
    private static final Duration PART_TIMEOUT = Duration.ofSeconds(60);

    /** What a member answers {@link NodeAgent.SendTrace}. */
    sealed interface Reply permits Part, Missing {
    }

    /**
     * Part {@code part} of a member's blocks; {@code last} when no more follow, {@code frames} the frames in this and
     * the earlier parts.
     */
    record Part(int part, byte[] bytes, boolean last, long frames) implements Reply, ControlMessage {
    }

    /** The member has no such part of the run's trace: {@code reason} says why. */
    record Missing(String reason) implements Reply, ControlMessage {
    }

    private TraceTransfer() {
    }

    /**
     * Brings every member's frames of run {@code runId} into {@code trace}.
     *
     * @param agents  the run's members, in member order
     * @param aborted completed with the failure when a member is lost or this JVM is asked to end
     * @throws IllegalStateException when a member is lost, has no trace, or the files cannot be written
     */
    static void collect(ActorSystem<?> system, String runId, List<ActorRef<NodeAgent.Command>> agents,
                        PacketTrace trace, CompletableFuture<Void> aborted) {
        List<Path> files = new ArrayList<>();
        boolean done = false;
        try {
            long frames = 0;
            for (int m = 0; m < agents.size(); m++) {
                Path file = Files.createTempFile("fabric-emu-trace-" + (m + 1) + "-", ".blocks");
                file.toFile().deleteOnExit();
                files.add(file);
                frames += fetch(system, runId, agents.get(m), m, agents.size(), file, aborted);
            }
            trace.recordedElsewhere(files, frames);
            done = true;
        } catch (IOException e) {
            throw new IllegalStateException("the trace could not be kept on the driver: " + e, e);
        } finally {
            if (!done) {
                for (Path file : files) {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException e) {
                        // deleted at exit: deleteOnExit
                    }
                }
            }
        }
    }

    /** Appends member {@code member}'s parts to {@code file}; returns its frames. */
    private static long fetch(ActorSystem<?> system, String runId, ActorRef<NodeAgent.Command> agent, int member,
                              int members, Path file, CompletableFuture<Void> aborted) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int part = 0; ; part++) {
                int index = part;
                CompletableFuture<Reply> asked = AskPattern.<NodeAgent.Command, Reply>ask(agent,
                        replyTo -> new NodeAgent.SendTrace(runId, index, RunResultCodec.PART_BYTES, replyTo),
                        PART_TIMEOUT, system.scheduler()).toCompletableFuture();
                Reply reply = await(asked, aborted, member, members);
                if (reply instanceof Missing missing) {
                    throw new IllegalStateException("member " + (member + 1) + " of " + members + " has no trace of "
                            + "the run: " + missing.reason());
                }
                Part p = (Part) reply;
                out.write(p.bytes());
                if (p.last()) {
                    return p.frames();
                }
            }
        }
    }

    /** The member's reply, or the run's failure when it is aborted first. */
    private static Reply await(CompletableFuture<Reply> asked, CompletableFuture<Void> aborted, int member,
                               int members) {
        try {
            CompletableFuture.anyOf(asked, aborted).get();
            return asked.getNow(null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the members sent their traces", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IllegalStateException failure) {
                throw failure;
            }
            throw new IllegalStateException("member " + (member + 1) + " of " + members + " did not send its trace: "
                    + e.getCause(), e.getCause());
        }
    }
}
