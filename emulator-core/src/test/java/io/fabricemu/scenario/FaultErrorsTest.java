package io.fabricemu.scenario;

import static io.fabricemu.scenario.FaultsTest.withFaults;
import static io.fabricemu.scenario.ScenarioErrorsTest.c;
import static io.fabricemu.scenario.ScenarioTexts.BASE;
import static io.fabricemu.scenario.ScenarioTexts.FAT_TREE;
import static io.fabricemu.scenario.ScenarioTexts.with;
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
 * Bad {@code faults} entries and {@code switch.failover} maps: each gives the file, the entry's line (the list
 * starts on line 28 of BASE, its entry k on line 29 + k), the field's path and what is allowed.
 */
class FaultErrorsTest {
    private static final String SOURCE = "scenarios/err.yaml";
    /** BASE with two cables from each leaf to each spine: leaf0 p8, p9 to spine0, p10, p11 to spine1. */
    private static final String TWO_EACH = with(BASE, 7, "  spines: 2\n  linksPerSpine: 2");

    private static String f(String... entries) {
        return withFaults(BASE, entries);
    }

    static Stream<ScenarioErrorsTest.Case> cases() {
        return Stream.of(
                // targets
                c("unknown switch, with a suggestion", f("{at: 10us, switch: spin0, state: down}"), 29,
                        "faults[0].switch", "no switch or host of this topology is named 'spin0' (did you mean"
                                + " 'spine0'?); the switches nearest to it by name are spine0, spine1, leaf0, leaf1;"
                                + " hosts are h0..h15"),
                c("unknown node in a link", f("{at: 10us, link: \"leaf0 <-> spine7\", state: down}"), 29,
                        "faults[0].link", "named 'spine7' (did you mean 'spine0'?)"),
                c("host past the last", f("{at: 10us, link: \"h16 -> leaf1\", state: down}"), 29, "faults[0].link",
                        "there is no host h16; this topology has hosts 0..15"),
                c("no cable joins the nodes", withFaults(FAT_TREE, "{at: 10us, link: \"agg0.0 <-> core2\","
                        + " state: down}"), 32, "faults[0].link", "no cable joins agg0.0 and core2; agg0.0 is joined"
                        + " to core0, core1, tor0.0, tor0.1"),
                c("parallel cables without a port", withFaults(TWO_EACH, "{at: 0ns, link: \"leaf0 <-> spine0\","
                        + " state: down}"), 30, "faults[0].link", "leaf0 and spine0 are joined by 2 cables; name"
                        + " one by its port: leaf0:p8 <-> spine0, leaf0:p9 <-> spine0"),
                c("a port that does not lead there", withFaults(TWO_EACH, "{at: 0ns, link: \"leaf0:p10 -> spine0\","
                        + " state: down}"), 30, "faults[0].link", "no cable joins leaf0:p10 and spine0; leaf0 and"
                        + " spine0 are joined by leaf0:p8 -> spine0, leaf0:p9 -> spine0"),
                c("a port past the last", f("{at: 0ns, link: \"leaf0:p99 -> spine0\", state: down}"), 29,
                        "faults[0].link", "leaf0 has no port p99; its ports are p0..p9"),
                c("a link without an arrow", f("{at: 0ns, link: leaf0 spine0, state: down}"), 29, "faults[0].link",
                        "'leaf0 spine0' is not a link; write \"leaf0 -> spine0\" (one direction) or"
                                + " \"leaf0 <-> spine0\" (both)"),
                c("a node linked to itself", f("{at: 0ns, link: leaf0 -> leaf0, state: down}"), 29, "faults[0].link",
                        "joins leaf0 to itself"),
                c("a host as a switch", f("{at: 0ns, switch: h3, state: down}"), 29, "faults[0].switch",
                        "h3 is a host's NIC, not a switch; for it write host: 3"),
                c("host out of range", f("{at: 0ns, host: 16, state: down}"), 29, "faults[0].host",
                        "host 16 does not exist; this topology has hosts 0..15"),
                c("a tier the topology lacks", f("{at: 0ns, links: {tier: core, count: 2, seed: 1}, state: down}"),
                        29, "faults[0].links.tier", "'core' is not allowed; use one of host, fabric"),
                c("more links than the tier has", f("{at: 0ns, links: {tier: fabric, count: 5, seed: 1},"
                        + " state: down}"), 29, "faults[0].links.count", "'5' is out of range; it must be from 1 to 4"),
                c("random links without a seed", f("{at: 0ns, links: {tier: fabric, count: 2}, state: down}"), 29,
                        "faults[0].links.seed", "is required; expected an integer at least 0"),
                c("a direction that is none", f("{at: 0ns, links: {tier: host, count: 2, seed: 1, direction: in},"
                        + " state: down}"), 29, "faults[0].links.direction", "use one of both, up, down"),
                c("two targets", f("{at: 10us, switch: leaf0, host: 1, state: down}"), 29, "faults[0].host",
                        "a fault has one target, and this one has switch and host"),
                c("no target", f("{at: 10us, state: down}"), 29, "faults[0]", "a fault needs a target, one of link:"
                        + " \"A -> B\" or \"A <-> B\", switch: NAME, host: N or links: {tier, count, seed}"),
                // actions
                c("no action", f("{at: 10us, host: 1}"), 29, "faults[0]", "a fault needs an action, one of state:"
                        + " down or up, flap: {period, down, until}, rate: RATE, loss: PROBABILITY or corrupt:"),
                c("two actions", f("{at: 10us, host: 1, rate: 1Gbps, loss: 1%}"), 29, "faults[0].loss",
                        "a fault does one thing, and this one has rate and loss"),
                c("a state that is none", f("{at: 10us, host: 1, state: off}"), 29, "faults[0].state",
                        "'off' is not allowed; use one of down, up"),
                c("a bad rate", f("{at: 10us, host: 1, rate: 25Gbs}"), 29, "faults[0].rate",
                        "'25Gbs' is not a rate; use a number with bps, Kbps, Mbps, Gbps or Tbps"),
                c("a rate below the least", f("{at: 10us, host: 1, rate: 1Kbps}"), 29, "faults[0].rate",
                        "'1Kbps' is out of range; it must be from 1Mbps to 100Tbps"),
                c("a flap down as long as its period", f("{at: 0ns, host: 1, flap: {period: 10us, down: 10us}}"),
                        29, "faults[0].flap.down", "'10us' must be shorter than period ('10us')"),
                c("a flap past stop", f("{at: 0ns, host: 1, flap: {period: 10us, down: 1us, until: 2s}}"), 29,
                        "faults[0].flap.until", "'2s' is after stop (1 s)"),
                c("a flap ending before it starts", f("{at: 20us, host: 1, flap: {period: 10us, down: 1us,"
                        + " until: 10us}}"), 29, "faults[0].flap.until", "'10us' must be after at (20us)"),
                c("a loss percentage with a space", f("{at: 0ns, host: 1, loss: 0.1 %}"), 29, "faults[0].loss",
                        "'0.1 %' has a space before its % (write 0.1%)"),
                c("a loss past 100%", f("{at: 0ns, host: 1, loss: 150%}"), 29, "faults[0].loss",
                        "'150%' is out of range; it must be 0..1 (or 0%..100%)"),
                c("a loss that is no probability", f("{at: 0ns, host: 1, loss: lots}"), 29, "faults[0].loss",
                        "'lots' is not a probability", "none, or a map {rate: 0.1%, burst: 10}"),
                c("a loss of every packet", f("{at: 0ns, host: 1, loss: 100%}"), 29, "faults[0].loss",
                        "'100%' would lose every packet", "state: down"),
                c("a corruption of every packet", f("{at: 0ns, host: 1, corrupt: 1}"), 29, "faults[0].corrupt",
                        "'1' would corrupt every packet"),
                c("a bursty loss too high for its burst", f("{at: 0ns, host: 1, loss: {rate: 60%, burst: 1}}"), 29,
                        "faults[0].loss.rate", "with burst 1 the rate is at most 50%"),
                c("a bursty loss of nothing", f("{at: 0ns, host: 1, loss: {rate: 0%, burst: 4}}"), 29,
                        "faults[0].loss.rate", "picks no packet; give a rate above 0%, or loss: none"),
                c("both loss forms", f("{at: 0ns, host: 1, loss: {rate: 1%, burst: 2, pBadToGood: 1%}}"), 29,
                        "faults[0].loss.pBadToGood", "give either rate and burst"),
                c("a channel that never recovers", f("{at: 0ns, host: 1, corrupt: {pGoodToBad: 1%,"
                        + " pBadToGood: 0}}"), 29, "faults[0].corrupt.pBadToGood", "never lets the channel recover"),
                c("an unknown loss field", f("{at: 0ns, host: 1, loss: {rate: 1%, bursts: 2}}"), 29,
                        "faults[0].loss.bursts", "unknown field; allowed fields of faults[0].loss are rate, burst,"
                                + " pGoodToBad, pBadToGood, lossGood, lossBad (did you mean 'burst'?)"),
                // times and the list
                c("at past stop", f("{at: 2s, host: 1, state: down}"), 29, "faults[0].at",
                        "'2s' is at or after stop (1 s)"),
                c("at missing", f("{host: 1, state: down}"), 29, "faults[0].at", "is required; expected a time"),
                c("an unknown field, which is not also a missing action",
                        f("{at: 0ns, host: 1, stat: down}"), 29, "faults[0].stat", "unknown field; allowed fields of"
                                + " faults[0] are at, link, switch, host, links, state, flap, rate, loss, corrupt"
                                + " (did you mean 'state'?)"),
                c("faults not a list", BASE + "faults: {at: 1us}\n", 28, "faults", "expected a list of faults such"
                        + " as [{at: 10us, link: \"leaf0 <-> spine0\", state: down}]"),
                c("an entry not a map", f("down"), 29, "faults[0]", "expected a map of fields"),
                // the list as a whole
                c("up before any down", f("{at: 10us, link: \"leaf0 <-> spine0\", state: up}"), 29,
                        "faults[0].state", "leaf0 <-> spine0 is not down at 10us (no earlier fault takes it down):"
                                + " state: up brings back a link that state: down took down"),
                c("up listed before a later down", f("{at: 20us, host: 3, state: down}",
                        "{at: 10us, host: 3, state: up}"), 30, "faults[1].state", "h3 <-> leaf0 is not down at 10us"),
                c("up on the other direction", f("{at: 10us, link: \"leaf0 -> spine0\", state: down}",
                        "{at: 20us, link: \"spine0 -> leaf0\", state: up}"), 30, "faults[1].state",
                        "spine0 -> leaf0 is not down at 20us"),
                c("up twice", f("{at: 10us, host: 3, state: down}", "{at: 20us, host: 3, state: up}",
                        "{at: 30us, host: 3, state: up}"), 31, "faults[2].state", "h3 <-> leaf0 is not down at"
                                + " 30us (faults[1] at 20us left it up)"),
                c("up after a flap", f("{at: 10us, host: 3, flap: {period: 10us, down: 1us, until: 50us}}",
                        "{at: 60us, host: 3, state: up}"), 30, "faults[1].state", "(faults[0] at 10us left it up)"),
                c("up on a switch of which one link was down", f("{at: 10us, link: \"leaf0 <-> spine0\","
                        + " state: down}", "{at: 20us, switch: spine0, state: up}"), 30, "faults[1].state",
                        "leaf1 <-> spine0 is not down at 20us"),
                // switch.failover
                c("failover detect of 0", with(BASE, 14, "  trafficClasses: 2\n  failover: {detect: 0us}"), 15,
                        "switch.failover.detect", "'0us' is out of range; it must be from 1ps to 3600s"),
                c("failover unknown field", with(BASE, 14, "  trafficClasses: 2\n  failover: {detct: 1us}"), 15,
                        "switch.failover.detct", "allowed fields of switch.failover are detect, converge (did you"
                                + " mean 'detect'?)"),
                c("failover not a map", with(BASE, 14, "  trafficClasses: 2\n  failover: fast"), 15,
                        "switch.failover", "expected a map of fields"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parse_badFault_namesFileLineFieldAndAllowed(ScenarioErrorsTest.Case bad) {
        ScenarioErrorsTest.assertRefused(bad);
    }

    private static List<String> where(String yaml) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(yaml, SOURCE,
                List.of()));
        return e.errors().stream().map(x -> x.line() + " " + x.field()).toList();
    }

    @Test
    void everyEntrysErrors_areReported_andEachPartOfAnEntryOnItsOwn() {
        assertEquals(List.of("29 faults[0].at", "29 faults[0].switch", "29 faults[0].rate",
                "31 faults[2].link"), where(f("{at: 2s, switch: spin0, rate: 25Gbs}",
                "{at: 0ns, host: 1, state: down}", "{at: 0ns, link: \"leaf0 <-> core0\", state: down}")));
    }

    @Test
    void everyUpBeforeADown_isReported() {
        assertEquals(List.of("29 faults[0].state", "30 faults[1].state"),
                where(f("{at: 10us, host: 1, state: up}", "{at: 10us, host: 2, state: up}")));
    }

    @Test
    void aMisspeltActionOrTarget_isOnlyAnUnknownField() {
        assertEquals(List.of("29 faults[0].lnk"), where(f("{at: 0ns, lnk: leaf0 -> spine0, state: down}")));
        assertEquals(List.of("29 faults[0].los"), where(f("{at: 0ns, host: 1, los: 1%}")));
    }

    @Test
    void faultsAreNotCheckedAgainstATopologyInError() {
        List<String> errors = where(with(f("{at: 0ns, switch: nowhere, state: down}"), 5, "  leaves: 0"));
        assertEquals(List.of("5 topology.leaves"), errors);
    }

    @Test
    void faultsAreCheckedAgainstTheLongestStop_whenStopIsInError() {
        assertEquals(List.of("27 stop", "29 faults[0].switch"),
                where(with(f("{at: 2s, switch: nowhere, state: down}"), 27, "stop: 0s")));
        assertTrue(where(with(f("{at: 2s, host: 1, state: down}"), 27, "stop: 0s")).equals(List.of("27 stop")),
                "2s is not checked against a stop in error");
    }
}
