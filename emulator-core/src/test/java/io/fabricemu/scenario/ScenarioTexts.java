package io.fabricemu.scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Scenario texts for tests, with line numbers that tests can rely on. */
public final class ScenarioTexts {
    /** A valid leaf-spine incast of 16 hosts; every field on its own line, numbered in the comments. */
    public static final String BASE = String.join("\n",
            "name: err",                                                   // 1
            "seed: 3",                                                     // 2
            "topology:",                                                   // 3
            "  kind: leaf-spine",                                          // 4
            "  leaves: 2",                                                 // 5
            "  hostsPerLeaf: 8",                                           // 6
            "  spines: 2",                                                 // 7
            "  hostLink: {rate: 100Gbps, delay: 500ns}",                   // 8
            "  fabricLink: {rate: 400Gbps, delay: 500ns, fec: 150ns}",     // 9
            "switch:",                                                     // 10
            "  latency: 500ns",                                            // 11
            "  forwarding: cut-through",                                   // 12
            "  queue: 1MiB",                                               // 13
            "  trafficClasses: 2",                                         // 14
            "transport:",                                                  // 15
            "  mtu: 4150B",                                                // 16
            "  header: 64B",                                               // 17
            "  window: 256KiB",                                            // 18
            "  rto: 100us",                                                // 19
            "  cc: none",                                                  // 20
            "workload:",                                                   // 21
            "  kind: incast",                                              // 22
            "  receiver: 0",                                               // 23
            "  senders: [1, 2, 3]",                                        // 24
            "  bytes: 2MiB",                                               // 25
            "  start: 0ns",                                                // 26
            "stop: 1s",                                                    // 27
            "");

    /** BASE with the incast replaced, line for line, by an explicit flow list. */
    public static final String FLOWS = with(BASE,
            22, "  kind: flows",
            23, "  flows:",
            24, "    - {src: 1, dst: 2, bytes: 1MiB}",
            25, "    - {src: 3, dst: 4, bytes: 1MiB, start: 2us}",
            26, "    - {src: 4, dst: 5, bytes: 512KiB, start: 1us}");

    /** BASE with the incast replaced, line for line, by a mix of that incast and a permutation beside it. */
    public static final String MIX = with(BASE,
            22, "  kind: mix",
            23, "  parts:",
            24, "    - {kind: incast, receiver: 0, senders: [1, 2, 3], bytes: 2MiB}",
            25, "    - {kind: permutation, name: background, bytes: 64KiB, start: 1us}",
            26, "    - {kind: flows, flows: [{src: 5, dst: 6, bytes: 1MiB}]}");

    /** BASE with the leaf-spine replaced, line for line, by an explicit 16-host fat tree. */
    public static final String FAT_TREE = with(BASE,
            4, "  kind: fat-tree",
            5, "  pods: 4",
            6, "  torsPerPod: 2",
            7, "  hostsPerTor: 2",
            8, "  aggsPerPod: 2",
            9, "  cores: 4\n  hostLink: {rate: 100Gbps, delay: 500ns}\n  aggLink: {rate: 100Gbps, delay: 500ns}\n"
                    + "  coreLink: {rate: 100Gbps, delay: 500ns}");

    /** BASE with the leaf-spine replaced, line for line, by a 16-host ring of four switches routed clockwise. */
    public static final String RING = with(BASE,
            4, "  kind: ring",
            5, "  switches: 4",
            6, "  hostsPerSwitch: 4",
            7, "  routing: clockwise",
            8, "  hostLink: {rate: 100Gbps, delay: 500ns}",
            9, "  ringLink: {rate: 100Gbps, delay: 500ns}");

    /** The smallest valid scenario: only the required fields. */
    public static final String MINIMAL = String.join("\n",
            "name: minimal",
            "topology:",
            "  kind: leaf-spine",
            "  leaves: 2",
            "  hostsPerLeaf: 2",
            "  spines: 1",
            "  hostLink: {rate: 100Gbps, delay: 500ns}",
            "  fabricLink: {rate: 100Gbps, delay: 500ns}",
            "workload:",
            "  kind: all-to-all",
            "  bytes: 1MiB",
            "");

    private ScenarioTexts() {
    }

    /**
     * {@code text} with 1-based lines replaced: arguments are pairs of line number and new text (which may
     * hold several lines, shifting only the lines after it).
     */
    public static String with(String text, Object... lineAndText) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        for (int i = 0; i < lineAndText.length; i += 2) {
            lines.set((Integer) lineAndText[i] - 1, (String) lineAndText[i + 1]);
        }
        return String.join("\n", lines);
    }
}
