package io.fabricemu.scenario;

import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FAT_TREE;
import static io.fabricemu.scenario.ScenarioTexts.FLOWS;
import static io.fabricemu.scenario.ScenarioTexts.RING;
import static io.fabricemu.scenario.ScenarioTexts.with;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.scenario.yaml.ScenarioException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input gives a message with the file, the line, the field's path and what is allowed.
 * Each case changes one line of a valid scenario, so the expected line is known.
 */
class ScenarioErrorsTest {
    private static final String SOURCE = "scenarios/err.yaml";

    record Case(String name, String yaml, int line, String field, List<String> fragments) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** BASE with {@code switch.rnrNack: map} after line 14 and {@code transport.cc: cc}. */
    private static String rnr(String map, String cc) {
        return with(BASE, 14, "  trafficClasses: 2\n  rnrNack: " + map, 20, "  cc: " + cc);
    }

    /** BASE with {@code sampling: map} on line 28. */
    private static String sampling(String map) {
        return BASE + "sampling: " + map + "\n";
    }

    static Case c(String name, String yaml, int line, String field, String... fragments) {
        return new Case(name, yaml, line, field, List.of(fragments));
    }

    static Stream<Case> cases() {
        return Stream.of(
                // malformed YAML
                c("malformed: mapping value in a scalar", with(BASE, 13, "  queue: 1MiB: 2MiB"), 13, "",
                        "malformed YAML", "mapping values are not allowed here"),
                c("malformed: tab indentation", with(BASE, 11, "\tlatency: 500ns"), 11, "",
                        "malformed YAML", "TAB"),
                c("malformed: duplicate key", with(BASE, 6, "  leaves: 3"), 6, "topology.leaves",
                        "key 'leaves' appears twice", "first on line 5"),
                c("malformed: alias", with(BASE, 25, "  bytes: *size"), 25, "workload.bytes", "aliases (*size)",
                        "not supported"),
                // YAML the loader gives no meaning to
                c("unsupported: binary tag", with(BASE, 25, "  bytes: !!binary aGVsbG8="), 25, "workload.bytes",
                        "YAML tags (!!binary) are not supported; write the value as plain text"),
                c("unsupported: str tag", with(BASE, 25, "  bytes: !!str 2MiB"), 25, "workload.bytes",
                        "YAML tags (!!str) are not supported"),
                c("unsupported: own tag", with(BASE, 27, "stop: !mytag 10ms"), 27, "stop",
                        "YAML tags (!mytag) are not supported"),
                c("unsupported: tag on a map", with(BASE, 8, "  hostLink: !!map {rate: 100Gbps, delay: 500ns}"), 8,
                        "topology.hostLink", "YAML tags (!!map) are not supported"),
                c("unsupported: tag on a list item", with(BASE, 24, "  senders: [1, !!int 2, 3]"), 24,
                        "workload.senders[1]", "YAML tags (!!int) are not supported"),
                c("unsupported: tag on a key", with(BASE, 26, "  !!str start: 0ns"), 26, "workload.start",
                        "YAML tags (!!str) are not supported; write the key as plain text"),
                c("unsupported: anchor", with(BASE, 25, "  bytes: &size 2MiB"), 25, "workload.bytes",
                        "YAML anchors (&size) are not supported"),
                c("unsupported: merge key", with(BASE, 9, "  <<: {rate: 400Gbps, delay: 500ns}"), 9, "topology.<<",
                        "YAML merge keys (<<) are not supported; write the fields out in this map"),
                c("unsupported: complex key", with(BASE, 26, "  ? [a, b]\n  : 0ns"), 26, "workload",
                        "a key here is a list (a YAML complex key, '? ...')"),
                c("malformed: a flow map's first key", with(BASE, 8, "  hostLink: {@rate: 100Gbps}"), 8, "",
                        "malformed YAML: found character '@' that cannot start any token"),
                c("malformed: second document", BASE + "---\nname: two\n", 29, "", "single YAML document"),
                // a start the run never reaches: nothing happens at or after stop
                c("start: incast at stop", with(BASE, 26, "  start: 1s"), 26, "workload.start",
                        "'1s' is at or after stop (1 s): the run ends before this starts, so it would never send;"
                        + " start it before stop, or raise stop"),
                c("start: a flow after stop", with(FLOWS, 25, "    - {src: 3, dst: 4, bytes: 1MiB, start: 2ms}",
                        27, "stop: 1ms"), 25, "workload.flows[1].start", "'2ms' is at or after stop (1 ms)"),
                c("start: a collective after stop", with(BASE, 22, "  kind: all-reduce", 23, "", 24, "",
                        26, "  start: 20ms", 27, "stop: 10ms"), 26, "workload.start", "'20ms' is at or after stop"),
                c("start: a part of a mix after stop", with(ScenarioTexts.MIX,
                        25, "    - {kind: permutation, name: background, bytes: 64KiB, start: 2s}"), 25,
                        "workload.parts[1].start", "'2s' is at or after stop (1 s)"),
                // a number and its unit apart
                c("unit: a space before it", with(BASE, 8, "  hostLink: {rate: 100 Gbps, delay: 500ns}"), 8,
                        "topology.hostLink.rate", "'100 Gbps' has a space between the number and its unit (write"
                        + " 100Gbps)"),
                c("unit: a space before %", with(BASE, 14, "  ecn: [{kmin: 1KiB, kmax: 2KiB, pmax: 20 %}]"), 14,
                        "switch.ecn[0].pmax", "'20 %' has a space before its % (write 20%)"),
                // unknown fields
                c("unknown field: misspelt count", with(BASE, 5, "  leafs: 2"), 5, "topology.leafs",
                        "unknown field",
                        "allowed fields of topology for kind leaf-spine are kind, planes, leaves, hostsPerLeaf, spines,"
                                + " linksPerSpine, hostLink, fabricLink", "did you mean 'leaves'?"),
                c("unknown field: top level", with(BASE, 2, "sed: 3"), 2, "sed",
                        "allowed fields of the scenario are name, seed, topology, switch, transport, workload, stop,"
                                + " sampling",
                        "did you mean 'seed'?"),
                c("unknown field: inside a link", with(BASE, 8, "  hostLink: {rate: 100Gbps, delay: 500ns, lat: 1ns}"),
                        8, "topology.hostLink.lat", "allowed fields of topology.hostLink are rate, delay, fec"),
                c("unknown field: switch", with(BASE, 14, "  buffer: 2MiB"), 14, "switch.buffer",
                        "allowed fields of switch are latency, forwarding, queue, sharedBuffer, trafficClasses, trimming, ecn, pfc,"
                                + " rnrNack, wreb"),
                c("unknown field: other kind's field", with(BASE, 24, "  flows: []"), 24, "workload.flows",
                        "allowed fields of workload for kind incast are kind, receiver, senders, bytes, start"),
                c("unknown field: in a flow", with(FLOWS, 25, "    - {src: 3, dst: 4, size: 1MiB}"), 25,
                        "workload.flows[1].size",
                        "allowed fields of workload.flows[1] are src, dst, bytes, start, id, after, gap, recvPosted, recvDelay"),
                c("mix: a mix inside a mix", with(ScenarioTexts.MIX, 25, "    - {kind: mix, parts: []}"), 25,
                        "workload.parts[1].kind", "'mix'", "incast, permutation, all-to-all, flows"),
                c("mix: a part's own error at its line", with(ScenarioTexts.MIX, 25,
                        "    - {kind: permutation, bytes: 64KiB, senders: 3}"), 25, "workload.parts[1].senders",
                        "allowed fields of workload.parts[1] for kind permutation are kind, name, bytes, start"),
                c("mix: two parts of one name", with(ScenarioTexts.MIX, 26,
                        "    - {kind: flows, name: background, flows: [{src: 5, dst: 6, bytes: 1MiB}]}"), 26,
                        "workload.parts[2].name", "parts[1] is also named 'background'"),
                // PFC
                c("pfc: xon above xoff", with(BASE, 14, "  pfc: {xoff: 10KiB, xon: 20KiB}"), 14, "switch.pfc.xon",
                        "'20KiB' must be at most xoff (10KiB)"),
                c("pfc: class out of range", with(BASE, 14, "  pfc: {classes: [5]}"), 14,
                        "switch.pfc.classes[0]", "5"),
                c("pfc: control class lossless", with(BASE, 14, "  pfc: {classes: [1]}"), 14,
                        "switch.pfc.classes[0]", "class 1 is the control class", "must stay lossy"),
                c("pfc: class twice", with(BASE, 14, "  pfc: {classes: [0, 0]}"), 14,
                        "switch.pfc.classes[1]", "listed twice"),
                c("pfc: zero quanta", with(BASE, 14, "  pfc: {quanta: 0}"), 14, "switch.pfc.quanta",
                        "every pause frame a resume", "1..65535"),
                c("pfc: quanta too large", with(BASE, 14, "  pfc: {quanta: 65536}"), 14, "switch.pfc.quanta",
                        "65535"),
                c("pfc: misspelt field", with(BASE, 14, "  pfc: {xof: 10KiB}"), 14, "switch.pfc.xof",
                        "unknown field", "did you mean 'xoff'?"),
                c("pfc: zero deadlock timeout", with(BASE, 14, "  pfc: {deadlockTimeout: 0ns}"), 14,
                        "switch.pfc.deadlockTimeout", "from 1ps to 3600s"),
                // missing required fields
                c("missing: spines", with(BASE, 7, "  # no spines"), 4, "topology.spines",
                        "is required", "an integer from 1 to 1000000"),
                c("missing: name", with(BASE, 1, "# nameless"), 2, "name", "is required"),
                c("missing: empty value", with(BASE, 25, "  bytes:"), 25, "workload.bytes",
                        "has no value", "a size from 1B to 1024GiB"),
                c("missing: link delay", with(BASE, 8, "  hostLink: {rate: 100Gbps}"), 8, "topology.hostLink.delay",
                        "is required", "a time from 1ps to 3600s"),
                c("missing: superLink with two pods", String.join("\n", "name: rail", "topology:",
                        "  kind: rail-optimised", "  pods: 2", "  segmentsPerPod: 1", "  nodesPerSegment: 2",
                        "  gpusPerNode: 2", "  spinesPerPod: 1", "  superSpines: 1",
                        "  hostLink: {rate: 100Gbps, delay: 500ns}", "  fabricLink: {rate: 100Gbps, delay: 500ns}",
                        "workload: {kind: all-to-all, bytes: 1MiB}", ""), 3, "topology.superLink",
                        "is required when pods > 1"),
                // wrong types
                c("type: word for a count", with(BASE, 5, "  leaves: two"), 5, "topology.leaves",
                        "'two' is not an integer", "from 1 to 1000000"),
                c("type: list for a count", with(BASE, 5, "  leaves: [2]"), 5, "topology.leaves",
                        "expected an integer from 1 to 1000000, found a list"),
                c("type: fraction for a count", with(BASE, 6, "  hostsPerLeaf: 2.5"), 6, "topology.hostsPerLeaf",
                        "'2.5' is not an integer"),
                c("type: scalar for a link", with(BASE, 8, "  hostLink: 100Gbps"), 8, "topology.hostLink",
                        "expected a map of fields", "found '100Gbps'"),
                c("type: map for senders", with(BASE, 24, "  senders: {a: 1}"), 24, "workload.senders",
                        "expected a list of hosts such as [1, 2, 3] or a count such as 7, found a map"),
                c("type: root is a list", "- name: x\n", 1, "", "a scenario is a map of fields"),
                // units
                c("unit: unknown size unit", with(BASE, 25, "  bytes: 2XB"), 25, "workload.bytes",
                        "'2XB' is not a size; use a number with B, KB, MB, GB, KiB, MiB or GiB (e.g. 4150B, 2MiB)"),
                c("unit: missing time unit", with(BASE, 11, "  latency: 500"), 11, "switch.latency",
                        "'500' has no unit; use a number with ps, ns, us, ms or s"),
                c("unit: bare zero", with(BASE, 26, "  start: 0"), 26, "workload.start", "'0' has no unit"),
                c("unit: bytes for a rate", with(BASE, 9, "  fabricLink: {rate: 400GB, delay: 500ns}"), 9,
                        "topology.fabricLink.rate", "'400GB' is not a rate", "Gbps"),
                c("unit: negative", with(BASE, 19, "  rto: -1us"), 19, "transport.rto", "'-1us' is negative"),
                c("unit: not whole", with(BASE, 17, "  header: 0.5B"), 17, "transport.header",
                        "not a whole number of bytes"),
                // ranges
                c("range: zero leaves", with(BASE, 5, "  leaves: 0"), 5, "topology.leaves",
                        "'0' is out of range; it must be from 1 to 1000000"),
                c("range: traffic classes", with(BASE, 14, "  trafficClasses: 9"), 14, "switch.trafficClasses",
                        "'9' is out of range; it must be from 2 to 8"),
                c("range: mtu above 64KiB", with(BASE, 16, "  mtu: 70000B"), 16, "transport.mtu",
                        "it must be from 65B to 65535B"),
                c("range: window below mtu", with(BASE, 18, "  window: 4KiB"), 18, "transport.window",
                        "it must be from 4150B to 64GiB"),
                c("range: queue below mtu", with(BASE, 13, "  queue: 4000B"), 13, "switch.queue",
                        "'4000B' cannot hold one packet", "transport.mtu (4150B)"),
                c("range: header above the default mtu", with(BASE, 16, "  # default mtu", 17, "  header: 5000B"),
                        17, "transport.header", "'5000B' must be less than transport.mtu (4150B, the default)"),
                c("range: zero latency", with(BASE, 11, "  latency: 0ns"), 11, "switch.latency",
                        "'0ns' is out of range; it must be from 1ps to 3600s"),
                c("range: negative seed", with(BASE, 2, "seed: -1"), 2, "seed", "it must be at least 0"),
                c("range: huge seed", with(BASE, 2, "seed: 99999999999999999999"), 2, "seed",
                        "'99999999999999999999' is out of range"),
                c("range: zero stop", with(BASE, 27, "stop: 0s"), 27, "stop", "it must be from 1ps to 3600s"),
                c("sampling: interval below 1ns", sampling("{interval: 500ps}"), 28, "sampling.interval",
                        "'500ps' is out of range", "1ns"),
                c("sampling: interval above 1s", sampling("{interval: 2s}"), 28, "sampling.interval",
                        "'2s' is out of range", "1s"),
                c("sampling: interval neither time nor off", sampling("{interval: never}"), 28, "sampling.interval",
                        "'never' is neither a time nor off", "from 1ns to 1s", "or off"),
                c("sampling: one point", sampling("{maxPoints: 1}"), 28, "sampling.maxPoints",
                        "'1' is out of range", "2 to 100000"),
                c("sampling: points with off", sampling("{interval: off, maxPoints: 100}"), 28, "sampling.maxPoints",
                        "not allowed with interval: off"),
                c("sampling: unknown field", sampling("{every: 1us}"), 28, "sampling.every",
                        "allowed fields of sampling are interval, maxPoints"),
                c("range: odd k", with(FAT_TREE, 5, "  k: 3", 6, "", 7, "", 8, "", 9, ""),
                        5, "topology.k",
                        "k must be an even number >= 2, was 3"),
                c("range: sender count", with(BASE, 24, "  senders: 16"), 24, "workload.senders",
                        "'16' is out of range; it must be from 1 to 15"),
                // enumerations
                c("enum: forwarding", with(BASE, 12, "  forwarding: cut-thru"), 12, "switch.forwarding",
                        "'cut-thru' is not allowed; use one of cut-through, store-and-forward",
                        "did you mean 'cut-through'?"),
                c("enum: congestion control", with(BASE, 20, "  cc: timely"), 20, "transport.cc",
                        "'timely' is not allowed; use one of none, nscc, rccc, nscc+rccc, roce, dcqcn"),
                c("enum: load balancing", with(BASE, 20, "  cc: nscc\n  loadBalancing: rep"), 21,
                        "transport.loadBalancing", "use one of ecmp, spray, bitmap, reps"),
                // Ultra Ethernet options
                c("uet: spraying without UET", with(BASE, 20, "  cc: none\n  loadBalancing: spray"), 21,
                        "transport.loadBalancing", "needs the Ultra Ethernet transport", "nscc, rccc, nscc+rccc"),
                c("uet: option without UET", with(BASE, 20, "  cc: none\n  baseRtt: 8us"), 21, "transport.baseRtt",
                        "applies to the Ultra Ethernet transport only"),
                c("uet: option under RoCE", with(BASE, 20, "  cc: dcqcn\n  creditSlice: 2us"), 21,
                        "transport.creditSlice", "applies to the Ultra Ethernet transport only",
                        "nscc, rccc, nscc+rccc"),
                c("uet: spraying under RoCE", with(BASE, 20, "  cc: roce\n  loadBalancing: spray"), 21,
                        "transport.loadBalancing", "needs the Ultra Ethernet transport"),
                // switch-generated RNR NAKs
                c("rnrNack: without RoCEv2", rnr("{threshold: 256KiB}", "none"), 15, "switch.rnrNack",
                        "drive the RoCEv2 requester", "transport.cc is none", "roce, dcqcn"),
                c("rnrNack: threshold not below the queue", rnr("{threshold: 1MiB}", "roce"), 15,
                        "switch.rnrNack.threshold", "'1MiB' must be below what a port can hold",
                        "switch.queue plus switch.sharedBuffer"),
                c("rnrNack: clear above threshold", rnr("{threshold: 256KiB, clear: 512KiB}", "dcqcn"), 15,
                        "switch.rnrNack.clear", "'512KiB' must be at most the threshold"),
                c("rnrNack: unknown mode", rnr("{mode: early}", "roce"), 15, "switch.rnrNack.mode",
                        "'early' is not allowed", "at-overflow, at-threshold"),
                c("rnrNack: unknown port scope", rnr("{ports: uplinks}", "roce"), 15, "switch.rnrNack.ports",
                        "last-hop, all"),
                c("rnrNack: unknown encoding", rnr("{encoding: ib}", "roce"), 15, "switch.rnrNack.encoding",
                        "exact, ibta-code"),
                c("rnrNack: multiplier not a number", rnr("{rttMultiplier: fast}", "roce"), 15,
                        "switch.rnrNack.rttMultiplier", "'fast' is not a multiplier", "0..100"),
                c("rnrNack: negative multiplier", rnr("{rttMultiplier: -1}", "roce"), 15,
                        "switch.rnrNack.rttMultiplier", "out of range", "0..100 RTTs"),
                c("rnrNack: negative guard", rnr("{guard: -1}", "roce"), 15, "switch.rnrNack.guard",
                        "out of range"),
                c("rnrNack: zero table", rnr("{tableSize: 0}", "roce"), 15, "switch.rnrNack.tableSize",
                        "out of range"),
                c("rnrNack: base RTT neither derived nor a time", rnr("{baseRtt: measured}", "roce"), 15,
                        "switch.rnrNack.baseRtt", "'measured' is neither derived nor a time", "8us"),
                c("rnrNack: zero base RTT", rnr("{baseRtt: 0us}", "roce"), 15, "switch.rnrNack.baseRtt",
                        "out of range"),
                c("rnrNack: misspelt field", rnr("{treshold: 1KiB}", "roce"), 15, "switch.rnrNack.treshold",
                        "allowed fields of switch.rnrNack are enabled, ports, threshold, clear", "did you mean 'threshold'?"),
                // RoCEv2 options
                c("roce: message size without RoCE", with(BASE, 20, "  cc: nscc\n  messageSize: 64KiB"), 21,
                        "transport.messageSize", "applies to RoCEv2 only", "roce, dcqcn"),
                c("roce: rnr retry without RoCE", with(BASE, 20, "  cc: none\n  rnrRetry: 3"), 21,
                        "transport.rnrRetry", "applies to RoCEv2 only"),
                c("roce: rnr retry above seven", with(BASE, 20, "  cc: roce\n  rnrRetry: 8"), 21,
                        "transport.rnrRetry", "'8' is out of range"),
                c("roce: dcqcn map without DCQCN", with(BASE, 20, "  cc: roce\n  dcqcn: {g: 1/16}"), 21,
                        "transport.dcqcn", "runs no congestion control", "set transport.cc to dcqcn"),
                c("roce: dcqcn unknown field", with(BASE, 20, "  cc: dcqcn\n  dcqcn: {gain: 1/16}"), 21,
                        "transport.dcqcn.gain"),
                c("roce: dcqcn gain above one", with(BASE, 20, "  cc: dcqcn\n  dcqcn: {g: 3/2}"), 21,
                        "transport.dcqcn.g", "out of range", "at most 1"),
                c("roce: dcqcn gain not a number", with(BASE, 20, "  cc: dcqcn\n  dcqcn: {g: half}"), 21,
                        "transport.dcqcn.g", "is not a gain", "1/256"),
                c("roce: dcqcn zero timer", with(BASE, 20, "  cc: dcqcn\n  dcqcn: {timer: 0us}"), 21,
                        "transport.dcqcn.timer", "out of range"),
                // Companion mechanisms of US 12,388,756
                c("companions: nscc map under rccc", with(BASE, 20, "  cc: rccc\n  nscc: {responsibilityScaled: true}"),
                        21, "transport.nscc", "runs no NSCC", "nscc or nscc+rccc"),
                c("companions: nscc map without UET", with(BASE, 20, "  cc: none\n  nscc: {ewmaGate: {}}"), 21,
                        "transport.nscc", "applies to the Ultra Ethernet transport only"),
                c("companions: nscc unknown field", with(BASE, 20, "  cc: nscc\n  nscc: {gate: {}}"), 21,
                        "transport.nscc.gate", "pathNotCongested, responsibilityScaled, ewmaGate, pathGate"),
                c("companions: nscc not a boolean", with(BASE, 20, "  cc: nscc\n  nscc: {responsibilityScaled: yes}"),
                        21, "transport.nscc.responsibilityScaled", "use one of false, true"),
                c("companions: no paths", with(BASE, 20, "  cc: nscc\n  nscc: {pathGate: {paths: 0}}"), 21,
                        "transport.nscc.pathGate.paths", "out of range"),
                c("companions: ewma threshold above one", with(BASE, 20,
                        "  cc: nscc\n  nscc: {ewmaGate: {thresholdPer1024: 1025}}"), 21,
                        "transport.nscc.ewmaGate.thresholdPer1024", "out of range"),
                c("companions: slow start gain zero", with(BASE, 20,
                        "  cc: nscc\n  nscc: {pathNotCongested: {gainPer1024: 0}}"), 21,
                        "transport.nscc.pathNotCongested.gainPer1024", "out of range"),
                c("nscc loop: unknown loop", with(BASE, 20, "  cc: nscc\n  nscc: {loop: batched}"), 21,
                        "transport.nscc.loop", "use one of reference, perAck"),
                c("nscc loop: reference field with perAck", with(BASE, 20,
                        "  cc: nscc\n  nscc: {loop: perAck, eta: 100B}"), 21, "transport.nscc.eta",
                        "applies to the reference loop only", "loop: reference"),
                c("nscc loop: gate out of range", with(BASE, 20, "  cc: nscc\n  nscc: {quickAdaptGate: 21}"), 21,
                        "transport.nscc.quickAdaptGate", "out of range"),
                c("nscc loop: zero divisor", with(BASE, 20, "  cc: nscc\n  nscc: {delayAverageDivisor: 0}"), 21,
                        "transport.nscc.delayAverageDivisor", "out of range"),
                c("nscc loop: gamma over 100", with(BASE, 20, "  cc: nscc\n  nscc: {decreaseGammaPercent: 101}"),
                        21, "transport.nscc.decreaseGammaPercent", "out of range"),
                c("nscc loop: zero period", with(BASE, 20, "  cc: nscc\n  nscc: {adjustPeriod: 0us}"), 21,
                        "transport.nscc.adjustPeriod", "out of range"),
                c("ack: unknown field", with(BASE, 20, "  cc: nscc\n  ack: {everyBytes: 4KiB}"), 21,
                        "transport.ack.everyBytes", "every, outOfOrder"),
                c("ack: not a size or a count", with(BASE, 20, "  cc: nscc\n  ack: {every: often}"), 21,
                        "transport.ack.every", "a size such as 16384B", "4 packets", "packet"),
                c("ack: too many packets", with(BASE, 20, "  cc: nscc\n  ack: {every: 65 packets}"), 21,
                        "transport.ack.every", "1 to 64 packets"),
                c("ack: zero packets", with(BASE, 20, "  cc: nscc\n  ack: {every: 0 packets}"), 21,
                        "transport.ack.every", "1 to 64 packets"),
                c("ack: size over the bitmap", with(BASE, 20, "  cc: rccc\n  ack: {every: 1MiB}"), 21,
                        "transport.ack.every", "out of range"),
                c("ack: out of order", with(BASE, 20, "  cc: nscc\n  ack: {outOfOrder: later}"), 21,
                        "transport.ack.outOfOrder", "use one of coalesce, immediate"),
                c("ack: without UET", with(BASE, 20, "  cc: roce\n  ack: {every: packet}"), 21,
                        "transport.ack", "applies to the Ultra Ethernet transport only"),
                c("nscc loop: unknown base RTT learning", with(BASE, 20, "  cc: nscc\n  nscc: {learnBaseRtt: nacks}"),
                        21, "transport.nscc.learnBaseRtt", "use one of off, acks, acksAndNacks"),
                c("nscc loop: base RTT learning with perAck", with(BASE, 20,
                        "  cc: nscc\n  nscc: {loop: perAck, learnBaseRtt: off}"), 21, "transport.nscc.learnBaseRtt",
                        "applies to the reference loop only"),
                c("nscc loop: under rccc", with(BASE, 20, "  cc: rccc\n  nscc: {loop: perAck}"), 21,
                        "transport.nscc", "runs no NSCC"),
                c("companions: dcqcn zero period", with(BASE, 20,
                        "  cc: dcqcn\n  dcqcn: {pathNotCongested: {period: 0us}}"), 21,
                        "transport.dcqcn.pathNotCongested.period", "out of range"),
                c("companions: dcqcn unknown field", with(BASE, 20,
                        "  cc: dcqcn\n  dcqcn: {pathNotCongested: {slack: 1us}}"), 21,
                        "transport.dcqcn.pathNotCongested.slack", "period, slackPackets"),
                c("uet: initial window below the MTU", with(BASE, 20, "  cc: nscc\n  initialWindow: 1KB"), 21,
                        "transport.initialWindow", "must be 0B (one BDP) or at least transport.mtu (4150B"),
                c("uet: eager size without rendezvous", with(BASE, 20, "  cc: nscc\n  eagerSize: 64KB"), 21,
                        "transport.eagerSize", "receiverNotReady: rendezvous only"),
                c("uet: eager size below the MTU", with(BASE, 20,
                        "  cc: nscc\n  receiverNotReady: rendezvous\n  eagerSize: 1KB"), 22,
                        "transport.eagerSize", "must be 0B (one BDP) or at least transport.mtu (4150B"),
                c("uet: unknown not-ready protocol", with(BASE, 20, "  cc: nscc\n  receiverNotReady: nak"), 21,
                        "transport.receiverNotReady", "rtw, rendezvous, buffer"),
                c("uet: bounce buffer without buffer", with(BASE, 20,
                        "  cc: nscc\n  receiverNotReady: rendezvous\n  bounceBuffer: 1MiB"), 22,
                        "transport.bounceBuffer", "receiverNotReady: buffer only", "rtw, rendezvous, buffer"),
                c("uet: bounce buffer below the MTU", with(BASE, 20,
                        "  cc: nscc\n  receiverNotReady: buffer\n  bounceBuffer: 1KB"), 22,
                        "transport.bounceBuffer", "4150"),
                c("uet: eager size with bounce buffers", with(BASE, 20,
                        "  cc: nscc\n  receiverNotReady: buffer\n  eagerSize: 64KB"), 22,
                        "transport.eagerSize", "receiverNotReady: rendezvous only"),
                c("uet: PDC limit with RCCC", with(BASE, 20, "  cc: nscc+rccc\n  pdcLimit: 2"), 21,
                        "transport.pdcLimit", "RCCC", "cc: nscc"),
                c("uet: PDC limit with ROD", with(BASE, 20, "  cc: nscc\n  deliveryMode: rod\n  pdcLimit: 2"), 22,
                        "transport.pdcLimit", "deliveryMode: rod", "rud"),
                c("uet: PDC limit with bounce buffers", with(BASE, 20,
                        "  cc: nscc\n  receiverNotReady: buffer\n  pdcLimit: 2"), 22,
                        "transport.pdcLimit", "receiverNotReady: buffer"),
                c("uet: PDC limit with rendezvous", with(BASE, 20,
                        "  cc: nscc\n  receiverNotReady: rendezvous\n  pdcLimit: 2"), 22,
                        "transport.pdcLimit", "rendezvous"),
                c("uet: PDC limit of none", with(BASE, 20, "  cc: nscc\n  pdcLimit: 0"), 21,
                        "transport.pdcLimit", "out of range"),
                c("uet: PDC retry without a limit", with(BASE, 20, "  cc: nscc\n  pdcRetry: 10us"), 21,
                        "transport.pdcRetry", "pdcLimit only"),
                c("baseline: PDC limit", with(BASE, 20, "  pdcLimit: 2"), 20,
                        "transport.pdcLimit", "Ultra Ethernet transport only"),
                c("uet: initial credit below the MTU", with(BASE, 20, "  cc: rccc\n  initialCredit: 1KB"), 21,
                        "transport.initialCredit", "at least transport.mtu", "first request"),
                c("uet: delivery mode without UET", with(BASE, 20, "  cc: none\n  deliveryMode: rod"), 21,
                        "transport.deliveryMode", "applies to the Ultra Ethernet transport only"),
                c("uet: unknown delivery mode", with(BASE, 20, "  cc: nscc\n  deliveryMode: ordered"), 21,
                        "transport.deliveryMode", "use one of rud, rod"),
                c("uet: ordered delivery with spraying",
                        with(BASE, 20, "  cc: nscc\n  loadBalancing: reps\n  deliveryMode: rod"), 22,
                        "transport.deliveryMode", "needs transport.loadBalancing: ecmp, not 'reps'",
                        "cannot use per-packet spraying", "no reorder buffer"),
                c("uet: memory without a write rate", with(BASE, 20, "  cc: nscc\n  receiverMemory: {buffer: 1MiB}"),
                        21, "transport.receiverMemory.writeRate", "is required"),
                c("uet: memory threshold beyond the buffer",
                        with(BASE, 20, "  cc: nscc\n  receiverMemory: {writeRate: 50Gbps, buffer: 64KiB, "
                                + "penaltyThreshold: 64KiB}"),
                        21, "transport.receiverMemory.penaltyThreshold", "out of range"),
                c("enum: topology kind", with(BASE, 4, "  kind: clos"), 4, "topology.kind",
                        "use one of leaf-spine, fat-tree, rail-optimised, ring"),
                c("enum: workload kind", with(BASE, 22, "  kind: alltoall"), 22, "workload.kind",
                        "use one of incast, permutation, all-to-all, flows", "did you mean 'all-to-all'?"),
                c("name: space", with(BASE, 1, "name: my scenario"), 1, "name",
                        "'my scenario' is not allowed; it names the output folder, so start with a letter or digit"
                                + " and use only letters, digits, '.', '_' or '-', at most 100 characters"),
                c("name: two dots", with(BASE, 1, "name: '..'"), 1, "name", "'..' is not allowed"),
                c("name: one dot", with(BASE, 1, "name: ."), 1, "name", "'.' is not allowed"),
                c("name: leading dash", with(BASE, 1, "name: -rf"), 1, "name", "'-rf' is not allowed"),
                c("name: hidden", with(BASE, 1, "name: .hidden"), 1, "name", "'.hidden' is not allowed"),
                c("name: 101 characters", with(BASE, 1, "name: " + "n".repeat(101)), 1, "name", "at most 100"),
                // hosts
                c("host: unknown receiver", with(BASE, 23, "  receiver: 99"), 23, "workload.receiver",
                        "host 99 does not exist; this topology has hosts 0..15"),
                c("host: unknown sender", with(BASE, 24, "  senders: [1, 2, 16]"), 24, "workload.senders[2]",
                        "host 16 does not exist; this topology has hosts 0..15"),
                c("host: negative sender", with(BASE, 24, "  senders: [-1]"), 24, "workload.senders[0]",
                        "host -1 does not exist"),
                c("host: duplicate sender", with(BASE, 24, "  senders: [1, 2, 1]"), 24, "workload.senders[2]",
                        "host 1 is listed twice (also at workload.senders[0])"),
                c("host: receiver among senders", with(BASE, 24, "  senders: [1, 0]"), 24, "workload.senders[1]",
                        "host 0 is the receiver; a host cannot send to itself"),
                c("host: empty senders", with(BASE, 24, "  senders: []"), 24, "workload.senders",
                        "the list is empty"),
                c("host: flow to itself", with(FLOWS, 25, "    - {src: 3, dst: 3, bytes: 1MiB}"), 25,
                        "workload.flows[1].dst", "host 3 is also the source; a flow needs two different hosts"),
                c("host: flow to unknown host", with(FLOWS, 26, "    - {src: 4, dst: 16, bytes: 1MiB}"), 26,
                        "workload.flows[2].dst", "host 16 does not exist; this topology has hosts 0..15"),
                c("host: flow bytes unit", with(FLOWS, 24, "    - {src: 1, dst: 2, bytes: 1Mi}"), 24,
                        "workload.flows[0].bytes", "'1Mi' is not a size"),
                c("host: permutation on one host", with(BASE, 5, "  leaves: 1", 6, "  hostsPerLeaf: 1",
                        22, "  kind: permutation", 23, "", 24, ""), 22, "workload.kind",
                        "permutation needs at least 2 hosts; this topology has only host 0"),
                // spec-record checks mapped to their field
                c("spec: k together with pods", with(FAT_TREE, 6, "  k: 4"), 5, "topology.pods",
                        "not allowed together with k"),
                c("spec: superSpines with one pod", String.join("\n", "name: rail", "topology:",
                        "  kind: rail-optimised", "  segmentsPerPod: 1", "  nodesPerSegment: 2",
                        "  gpusPerNode: 2", "  spinesPerPod: 1", "  superSpines: 2",
                        "  hostLink: {rate: 100Gbps, delay: 500ns}", "  fabricLink: {rate: 100Gbps, delay: 500ns}",
                        "workload: {kind: all-to-all, bytes: 1MiB}", ""), 8, "topology.superSpines",
                        "must be 0 with a single pod"),
                // ring
                c("ring: two switches", with(RING, 5, "  switches: 2"), 5, "topology.switches",
                        "must be at least 3, was 2", "join one pair of switches twice"),
                c("ring: no hosts", with(RING, 6, "  hostsPerSwitch: 0"), 6, "topology.hostsPerSwitch",
                        "'0' is out of range"),
                c("ring: unknown routing", with(RING, 7, "  routing: anticlockwise"), 7, "topology.routing",
                        "'anticlockwise' is not allowed; use one of clockwise, shortest"),
                c("ring: leaf-spine's link name", with(RING, 9, "  fabricLink: {rate: 100Gbps, delay: 500ns}"), 9,
                        "topology.fabricLink", "allowed fields of topology for kind ring are kind, planes, switches,"
                                + " hostsPerSwitch, hostLink, ringLink, routing"),
                c("ring: missing ringLink", with(RING, 9, "  # no ringLink"), 4, "topology.ringLink",
                        "is required"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parse_badInput_namesFileLineFieldAndAllowed(Case bad) {
        assertRefused(bad);
    }

    /** {@code bad} is refused with the file, its line, its field and every fragment. */
    static void assertRefused(Case bad) {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(bad.yaml, SOURCE, List.of()));
        String prefix = SOURCE + ":" + bad.line + ": " + (bad.field.isEmpty() ? "" : bad.field + ": ");
        assertAll(
                () -> assertTrue(e.getMessage().startsWith(prefix), () -> "expected prefix " + prefix + " in\n"
                        + e.getMessage()),
                () -> assertEquals(SOURCE, e.source()),
                () -> assertEquals(bad.line, e.line()),
                () -> assertEquals(bad.field, e.field()),
                () -> assertTrue(bad.fragments.stream().allMatch(e.getMessage()::contains),
                        () -> "expected " + bad.fragments + " in\n" + e.getMessage()));
    }

    @Test
    void parse_unknownSizeUnit_givesTheWholeMessage() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(with(BASE, 25, "  bytes: 2XB"), SOURCE, List.of()));
        assertEquals("scenarios/err.yaml:25: workload.bytes: '2XB' is not a size; use a number with B, KB, MB, GB,"
                + " KiB, MiB or GiB (e.g. 4150B, 2MiB)", e.getMessage());
    }

    @Test
    void parse_coresNotMultipleOfAggs_reportsTheSpecCheckAtCores() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(FAT_TREE.replace("  cores: 4", "  cores: 3"), SOURCE, List.of()));
        assertEquals("scenarios/err.yaml:9: topology.cores: cores (3) must be a multiple of aggsPerPod (2)",
                e.getMessage());
    }

    @Test
    void parse_unknownFieldNothingLike_suggestsNothing() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse(with(BASE, 14, "  colour: blue"), SOURCE, List.of()));
        assertEquals("scenarios/err.yaml:14: switch.colour: unknown field; allowed fields of switch are latency,"
                + " forwarding, queue, sharedBuffer, trafficClasses, trimming, ecn, pfc, rnrNack, wreb, failover, adaptiveRouting",
                e.getMessage());
    }

    @Test
    void parse_emptyFile_saysWhatIsNeeded() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parse("# nothing here\n", SOURCE, List.of()));
        assertEquals("scenarios/err.yaml:1: the file is empty; a scenario needs at least name, topology and workload",
                e.getMessage());
    }
}
