package io.fabricemu.run;

import java.io.PrintWriter;
import java.util.List;
import java.util.ServiceLoader;

/**
 * What the {@code emulator-cluster} module adds, found through {@link ServiceLoader} so this module needs no
 * cluster code: the {@code node} subcommand, a backend that runs a scenario across JVMs, and a farm that hands whole runs to
 * them.
 */
public interface ClusterSupport {

    /** Subcommands it adds to {@code fabric-emu}, as picocli command objects. */
    List<Object> commands();

    /**
     * Forks local JVMs or joins the configured cluster and waits until its members are ready; the caller closes
     * the backend when the run is over (forked JVMs stop then).
     *
     * @param out where progress of the cluster's forming and the partition plan go (null: nowhere)
     * @throws ClusterConfigException when the request or the cluster configuration is bad input
     * @throws IllegalStateException  when the cluster could not be formed
     */
    DistributedBackend open(ClusterRequest request, PrintWriter out) throws ClusterConfigException;

    /**
     * Forks local JVMs or joins the configured cluster, as {@link #open} does, to hand whole runs to its members;
     * the caller closes the farm when its runs are over.
     *
     * @param out where progress of the cluster's forming goes (null: nowhere)
     * @throws ClusterConfigException when the request or the cluster configuration is bad input
     * @throws IllegalStateException  when the cluster could not be formed
     */
    RunFarm openFarm(FarmRequest request, PrintWriter out) throws ClusterConfigException;

    /** The support on the class path, or null when {@code emulator-cluster} is not there. */
    static ClusterSupport find() {
        return ServiceLoader.load(ClusterSupport.class).findFirst().orElse(null);
    }
}
