package io.fabricemu.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabricemu.actor.Engine;
import io.fabricemu.engine.Element;
import io.fabricemu.engine.ElementFactory;
import io.fabricemu.engine.ElementReport;
import io.fabricemu.engine.EventContext;
import io.fabricemu.engine.Progress;
import io.fabricemu.engine.RunLimits;
import io.fabricemu.engine.SampleSink;
import io.fabricemu.engine.Signal;
import io.fabricemu.fabric.FabricBuilder;
import io.fabricemu.scenario.ScenarioLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FabricBuilder#sendersTo} names every element that sends to another: the engine lets a shard run the
 * elements no peer shard reaches ahead of its peers on that word, so one sender left out would be an event arriving
 * after its target had run past it. Every event sent in a stretch of each of these scenarios (between them every
 * kind of element: NICs of all three transports, cut-through and store-and-forward ports, links, shared buffer
 * pools, PFC and its deadlock monitor, trimming, WREB and RNR NAKs) is checked against it.
 */
class SendersToTest {
    private static final long STRETCH_PS = 200_000_000L;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"incast-7to1.yaml", "incast-shared-buffer.yaml", "pfc-deadlock-ring.yaml",
            "roce-incast-8to1-dcqcn-pfc.yaml", "uet-incast-7to1-nscc-rccc.yaml", "uet-companion-ring-spray.yaml",
            "wreb-incast-32to1-nscc.yaml", "rnr-nack-incast-32to1.yaml", "fat-tree-16-permutation.yaml"})
    void everyEventSent_isFromAnElementItsTargetNamesAsASender(String file) throws Exception {
        FabricBuilder fabric = PreparedRun.of(ScenarioLoader.load(
                Path.of("..", "topologies", "scenarios", file), List.of())).fabric();
        Checked checked = new Checked(fabric);
        Engine.run(checked, RunLimits.singleShard(STRETCH_PS, fabric.elementCount()), new Progress());
        assertTrue(checked.sends > 500, "the stretch has traffic: " + checked.sends + " events sent");
        assertEquals(new TreeSet<String>(), checked.unnamed, "senders the fabric does not name");
    }

    /** NICs tell each other of flows received that flows elsewhere wait for: each names those it hears from. */
    @org.junit.jupiter.api.Test
    void dependencyNotices_areFromNicsTheirTargetNamesAsSenders() throws Exception {
        String text = String.join("\n", "name: notices", "topology:", "  kind: leaf-spine", "  leaves: 2",
                "  hostsPerLeaf: 4", "  spines: 2", "  hostLink: {rate: 100Gbps, delay: 500ns}",
                "  fabricLink: {rate: 100Gbps, delay: 500ns}", "workload:", "  kind: flows", "  flows:",
                "    - {id: a, src: 0, dst: 4, bytes: 64KiB}",
                "    - {id: b, src: 5, dst: 1, bytes: 64KiB, after: [a]}",
                "    - {id: c, src: 2, dst: 6, bytes: 64KiB, after: [a, b]}",
                "    - {id: d, src: 6, dst: 3, bytes: 64KiB, after: [c]}", "");
        FabricBuilder fabric = PreparedRun.of(ScenarioLoader.parse(text, "notices.yaml", List.of())).fabric();
        Checked checked = new Checked(fabric);
        Engine.run(checked, RunLimits.singleShard(STRETCH_PS, fabric.elementCount()), new Progress());
        assertTrue(checked.notices >= 3, "notices a -> 5, a -> 2, b -> 2 sent: " + checked.notices);
        assertEquals(new TreeSet<String>(), checked.unnamed, "senders the fabric does not name");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"pfc-deadlock-ring.yaml"})
    void theDeadlockMonitor_mayHearFromAnyone(String file) throws Exception {
        FabricBuilder fabric = PreparedRun.of(ScenarioLoader.load(
                Path.of("..", "topologies", "scenarios", file), List.of())).fabric();
        assertTrue(fabric.pfcMonitorId() >= 0);
        assertNull(fabric.sendersTo(fabric.pfcMonitorId()));
    }

    /** The fabric's elements, each with a context that checks the target of every event it sends. */
    private static final class Checked implements ElementFactory {
        private final FabricBuilder fabric;
        private final TreeSet<String> unnamed = new TreeSet<>();
        private long sends;
        private long notices;

        Checked(FabricBuilder fabric) {
            this.fabric = fabric;
        }

        @Override
        public int elementCount() {
            return fabric.elementCount();
        }

        @Override
        public long lookaheadPs() {
            return fabric.lookaheadPs();
        }

        @Override
        public int flowCount() {
            return fabric.flowCount();
        }

        @Override
        public Element create(int id) {
            Element inner = fabric.create(id);
            return new Element() {
                @Override
                public void start(EventContext ctx) {
                    inner.start(watch(id, ctx));
                }

                @Override
                public void onEvent(Signal signal, EventContext ctx) {
                    inner.onEvent(signal, watch(id, ctx));
                }

                @Override
                public void sample(SampleSink sink) {
                    inner.sample(sink);
                }

                @Override
                public ElementReport report() {
                    return inner.report();
                }
            };
        }

        private EventContext watch(int origin, EventContext ctx) {
            return new EventContext() {
                @Override
                public long nowPs() {
                    return ctx.nowPs();
                }

                @Override
                public void send(int targetId, long atPs, Signal signal) {
                    check(origin, targetId, signal);
                    ctx.send(targetId, atPs, signal);
                }

                @Override
                public void schedule(long atPs, Signal signal) {
                    ctx.schedule(atPs, signal);
                }

                @Override
                public void flowCompleted() {
                    ctx.flowCompleted();
                }

                @Override
                public void halt(String reason) {
                    ctx.halt(reason);
                }
            };
        }

        private synchronized void check(int origin, int target, Signal signal) {
            sends++;
            notices += signal instanceof io.fabricemu.host.DependencyMet ? 1 : 0;
            int[] named = fabric.sendersTo(target);
            if (named == null) {
                return;
            }
            for (int s : named) {
                if (s == origin) {
                    return;
                }
            }
            unnamed.add(origin + " -> " + target + " (" + signal.getClass().getSimpleName() + ")");
        }
    }
}
