package io.fabricemu.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Props;
import io.fabricemu.cluster.wire.RunResultCodec;
import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.run.FarmJob;
import io.fabricemu.run.FarmListener;
import io.fabricemu.run.FarmRequest;
import io.fabricemu.run.FarmedRun;
import io.fabricemu.run.RunFarm;
import io.fabricemu.run.RunInterruptedException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Whole runs handed to the members of a cluster ({@code run --seeds}, {@code compare} with {@code --jvms N} or
 * {@code --cluster FILE}): the cluster forms as for a sharded run ({@link DriverCluster}), then each member takes as
 * many runs at once as it has slots and runs each one to its end in its own JVM ({@link FarmSession}). A member
 * has as many slots as it has processors (forked workers share this machine's), fewer when its heap cannot hold that
 * many of the largest run; each run gets the member's processors shared among its slots as shards, unless told.
 */
final class ClusterFarm implements RunFarm {
    private final DriverCluster cluster;
    private final int[] slots;
    private final int[] shards;
    private volatile ActorRef<FarmSession.Command> session;
    private int farms;
    private boolean failed;
    private boolean interrupted;
    private boolean memberLost;

    private ClusterFarm(DriverCluster cluster, int[] slots, int[] shards) {
        this.cluster = cluster;
        this.slots = slots;
        this.shards = shards;
        cluster.whenWorkerLost((member, description) -> {
            ActorRef<FarmSession.Command> s = session;
            if (s != null) {
                s.tell(new FarmSession.ProcessLost(member, description));
            }
        });
        cluster.whenAskedToEnd("interrupt-farm", interruption -> {
            ActorRef<FarmSession.Command> s = session;
            if (s != null) {
                s.tell(new FarmSession.Interrupted(interruption));
            }
        });
    }

    static ClusterFarm open(FarmRequest request, PrintWriter out) throws ClusterConfigException {
        DriverCluster cluster = DriverCluster.form(request.jvms(), request.clusterConfig(), out);
        int members = cluster.members.agents().size();
        int[] slots = new int[members];
        int[] shards = new int[members];
        for (int m = 0; m < members; m++) {
            NodeAgent.Described d = cluster.members.described().get(m);
            int processors = cluster.forked()
                    ? Math.max(1, Runtime.getRuntime().availableProcessors() / members) : d.processors();
            long byHeap = Math.max(1, d.maxHeapBytes() / request.largestRunBytes());
            slots[m] = (int) Math.max(1, Math.min(processors, byHeap));
            shards[m] = request.shardsPerRun() != null ? request.shardsPerRun() : Math.max(1, processors / slots[m]);
        }
        return new ClusterFarm(cluster, slots, shards);
    }

    @Override
    public int slots() {
        int all = 0;
        for (int s : slots) {
            all += s;
        }
        return all;
    }

    @Override
    public String describe() {
        List<String> members = new ArrayList<>();
        for (int m = 0; m < slots.length; m++) {
            members.add(String.format("%s %d at once, %d shard%s each",
                    FarmSession.hostPort(cluster.members.agents().get(m).path().address()), slots[m], shards[m],
                    shards[m] == 1 ? "" : "s"));
        }
        return String.join("; ", members);
    }

    @Override
    public List<FarmedRun> runAll(List<FarmJob> jobs, FarmListener listener) throws InterruptedException {
        String interruption = Interruption.of(cluster.system);
        if (interruption != null) {
            interrupted = true;
            throw new RunInterruptedException(interruption + " before the runs began");
        }
        CompletableFuture<FarmSession.Outcome> outcome = new CompletableFuture<>();
        session = cluster.system.systemActorOf(FarmSession.create(List.copyOf(jobs), cluster.members.agents(), slots,
                shards, listener, outcome), "farm-" + (++farms), Props.empty());
        FarmSession.Outcome o;
        try {
            o = outcome.get();
        } catch (ExecutionException e) {
            interrupted = e.getCause() instanceof RunInterruptedException;
            failed = !interrupted;
            throw e.getCause() instanceof IllegalStateException s ? s
                    : new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
        } finally {
            session = null;
        }
        List<FarmedRun> runs = new ArrayList<>();
        for (int j = 0; j < jobs.size(); j++) {
            runs.add(new FarmedRun(RunResultCodec.decode(o.parts().get(j)), o.ranOn().get(j), o.lostOn().get(j)));
        }
        memberLost = o.anyLost();
        return runs;
    }

    /** Leaves the cluster and stops the forked workers; at once after a failure or a member lost. */
    @Override
    public void close() {
        cluster.close(failed, interrupted, memberLost);
    }
}
