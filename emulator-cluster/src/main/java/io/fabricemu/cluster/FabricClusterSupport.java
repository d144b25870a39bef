package io.fabricemu.cluster;

import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.run.ClusterRequest;
import io.fabricemu.run.ClusterSupport;
import io.fabricemu.run.DistributedBackend;
import io.fabricemu.run.FarmRequest;
import io.fabricemu.run.RunFarm;
import java.io.PrintWriter;
import java.util.List;

/** What this module adds to fabric-emu, found by the core through {@link java.util.ServiceLoader}. */
public final class FabricClusterSupport implements ClusterSupport {
    @Override
    public List<Object> commands() {
        return List.of(new NodeCommand());
    }

    @Override
    public DistributedBackend open(ClusterRequest request, PrintWriter out) throws ClusterConfigException {
        return ClusterBackend.open(request, out);
    }

    @Override
    public RunFarm openFarm(FarmRequest request, PrintWriter out) throws ClusterConfigException {
        return ClusterFarm.open(request, out);
    }
}
