package io.fabricemu.run;

import io.fabricemu.results.RunResult;
import java.util.List;
import java.util.Objects;

/**
 * A whole run as a member of the cluster ran it: its result, the member that ran it to the end ({@code host:port}),
 * and the members it was in flight on when they were lost, in order (empty when it ran once).
 */
public record FarmedRun(RunResult result, String member, List<String> lostOn) {
    public FarmedRun {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(member, "member");
        lostOn = List.copyOf(lostOn);
    }
}
