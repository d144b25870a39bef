package io.fabricemu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import io.fabricemu.actor.Coordinator;
import io.fabricemu.actor.Engine;
import io.fabricemu.engine.Sampling;
import io.fabricemu.run.PartitionPlan;
import io.fabricemu.run.PreparedRun;
import io.fabricemu.scenario.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A worker's agent takes one run at a time, and a driver's next run ends the driver's previous one there. */
class NodeAgentTest {
    /** The engine's settings, as a member's: they also start logging before Akka's threads first log. */
    private static final ActorTestKit KIT = ActorTestKit.create("node-agent-test", Engine.config());
    private static final Path SCENARIO = Path.of("..", "topologies", "scenarios", "incast-7to1.yaml");

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    private static NodeAgent.Prepare prepare(String runId, ActorRef<RunSession.Command> session) throws Exception {
        String text = Files.readString(SCENARIO);
        PreparedRun run = PreparedRun.of(ScenarioLoader.parse(text, SCENARIO.toString(), List.of()));
        PartitionPlan plan = PartitionPlan.of(run.fabric(), 1, 1);
        TestProbe<Coordinator.Command> coordinator = KIT.createTestProbe();
        return new NodeAgent.Prepare(runId, BuildId.current(), SCENARIO.toString(), text, List.of(), List.of(),
                1_000_000_000L, Sampling.OFF.intervalPs(), Sampling.OFF.maxPoints(), 1, 1, 0, plan.fingerprint(),
                run.fabric().elementCount(), run.fabric().lookaheadPs(), null, coordinator.getRef(), session);
    }

    @Test
    void theSameDriversNextRun_isTaken_evenBeforeThePreviousRunsReleaseArrives() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ActorRef<NodeAgent.Command> agent = KIT.spawn(NodeAgent.create(new PrintStream(log, true)));
        TestProbe<RunSession.Command> first = KIT.createTestProbe();
        TestProbe<RunSession.Command> second = KIT.createTestProbe();

        agent.tell(prepare("driver#1", first.getRef()));
        assertEquals("driver#1", first.expectMessageClass(RunSession.Prepared.class).runId());
        // The driver's first run returned; its Release is still on the way when the second run is prepared.
        agent.tell(prepare("driver#2", second.getRef()));
        assertEquals("driver#2", second.expectMessageClass(RunSession.Prepared.class).runId());
        agent.tell(new NodeAgent.Release("driver#1"));
        agent.tell(new NodeAgent.Release("driver#2"));
        TestProbe<RunSession.Command> third = KIT.createTestProbe();
        agent.tell(prepare("driver#3", third.getRef()));
        third.expectMessageClass(RunSession.Prepared.class);
        assertTrue(log.toString().contains("run driver#1 ended: the same driver started its next run, driver#2"),
                log.toString());
    }
}
