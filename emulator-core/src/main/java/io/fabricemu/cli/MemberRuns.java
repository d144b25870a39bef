package io.fabricemu.cli;

import io.fabricemu.results.RunResult;
import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.run.ClusterSupport;
import io.fabricemu.run.FarmJob;
import io.fabricemu.run.FarmListener;
import io.fabricemu.run.FarmRequest;
import io.fabricemu.run.FarmRunFailedException;
import io.fabricemu.run.FarmedRun;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.RunFarm;
import io.fabricemu.run.RunInterruptedException;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The independent runs of a comparison, sweep or ensemble handed whole to the members of a cluster ({@code --jvms N}
 * or {@code --cluster FILE}) instead of run at once in this JVM ({@link RunPool}): each member runs as many at once
 * as it has slots, a member lost costs only its runs in flight, which run again on the others, and the results are
 * those of this JVM, in the order given. What ran where is kept ({@link RunPlacement}) for the output folder.
 */
final class MemberRuns {
    private final List<RunResult> results;
    private final RunPlacement placement;
    private final int exitCode;

    private MemberRuns(List<RunResult> results, RunPlacement placement, int exitCode) {
        this.results = results;
        this.placement = placement;
        this.exitCode = exitCode;
    }

    /** Runs done in this JVM: their results, placed {@link RunPlacement#HERE}. */
    static MemberRuns here(List<RunResult> results) {
        return new MemberRuns(results, RunPlacement.HERE, 0);
    }

    /** The results in the order of the runs; null when they could not be had ({@link #exitCode} says how). */
    List<RunResult> results() {
        return results;
    }

    /** Where each run ran ({@link RunPlacement#HERE} for runs in this JVM); null with no results. */
    RunPlacement placement() {
        return placement;
    }

    int exitCode() {
        return exitCode;
    }

    /**
     * Runs {@code names[i]}: {@code files[i]} with {@code overrides[i]} ({@code runs[i]} as this JVM prepared it,
     * for the heap it needs), on the cluster {@code cluster} asks for; {@code out} (null: nothing) hears of the
     * cluster forming and of each run's end, {@code err} of what went wrong.
     *
     * @throws RunPool.RunFailedException naming the run whose emulation failed on its member
     */
    static MemberRuns run(ClusterOptions cluster, Integer shards, List<io.fabricemu.run.PreparedRun> runs,
                          List<Path> files, List<List<String>> overrides, List<String> names,
                          List<Path> allowedFolders, PrintWriter out, PrintWriter err) throws InterruptedException {
        if (!cluster.check(err)) {
            return failed(Main.BAD_INPUT);
        }
        ClusterSupport support = ClusterSupport.find();
        if (support == null) {
            return failed(refuse(err, Main.BAD_INPUT, cluster.describe() + " needs the emulator-cluster module on the "
                    + "class path; run through bin/fabric-emu, which builds it"));
        }
        List<FarmJob> jobs = new ArrayList<>();
        Map<Path, String> texts = new HashMap<>();
        List<String> folders = new ArrayList<>();
        for (Path folder : allowedFolders) {
            folders.add(folder.toAbsolutePath().toString());
        }
        for (int i = 0; i < runs.size(); i++) {
            String text = texts.get(files.get(i));
            if (text == null) {
                try {
                    text = ScenarioLoader.readText(files.get(i));
                } catch (ScenarioException e) {
                    return failed(refuse(err, Main.BAD_INPUT, e.getMessage()));
                }
                texts.put(files.get(i), text);
            }
            jobs.add(new FarmJob(names.get(i), files.get(i).toString(), text, overrides.get(i), folders));
        }
        long largestBytes = RunPool.HEAP_FACTOR * RunPool.largestBytes(runs, Runtime.getRuntime().maxMemory());
        RunFarm farm;
        try {
            farm = support.openFarm(new FarmRequest(cluster.jvms == null ? 0 : cluster.jvms, cluster.cluster, shards,
                    largestBytes), out);
        } catch (ClusterConfigException e) {
            return failed(refuse(err, Main.BAD_INPUT, e.getMessage()));
        } catch (MemberLostException e) {
            return failed(refuse(err, Main.MEMBER_LOST, "the cluster could not be formed: " + e.getMessage()));
        } catch (RunInterruptedException e) {
            return failed(interrupted(err, e));
        } catch (IllegalStateException e) {
            return failed(refuse(err, Main.FAILED, "the cluster could not be formed: " + e.getMessage()));
        }
        try (farm) {
            if (out != null) {
                out.printf("  %d runs on %d at once: %s%n", runs.size(), farm.slots(), farm.describe());
                out.flush();
            }
            List<FarmedRun> farmed = farm.runAll(jobs, listener(names, out));
            List<RunResult> results = new ArrayList<>();
            for (FarmedRun r : farmed) {
                results.add(r.result());
            }
            return new MemberRuns(results, new RunPlacement(names, farmed), 0);
        } catch (FarmRunFailedException e) {
            throw new RunPool.RunFailedException(e.index(), e);
        } catch (MemberLostException e) {
            return failed(refuse(err, Main.MEMBER_LOST, "the runs were aborted: " + e.getMessage()
                    + "; no results were written"));
        } catch (RunInterruptedException e) {
            return failed(interrupted(err, e));
        }
    }

    private static FarmListener listener(List<String> names, PrintWriter out) {
        if (out == null) {
            return FarmListener.SILENT;
        }
        return new FarmListener() {
            @Override
            public void finished(int index, String member, int done) {
                out.printf("  %s done on %s (%d of %d)%n", names.get(index), member, done, names.size());
                out.flush();
            }

            @Override
            public void rerun(int index, String member, String why) {
                out.printf("  %s runs again on another member: %s, which had it in flight, %s%n",
                        names.get(index), member, why);
                out.flush();
            }
        };
    }

    /** No results: the runs could not be had, {@code exitCode} says how. */
    static MemberRuns failed(int exitCode) {
        return new MemberRuns(null, null, exitCode);
    }

    private static int refuse(PrintWriter err, int exitCode, String message) {
        err.println("error: " + message);
        err.flush();
        return exitCode;
    }

    private static int interrupted(PrintWriter err, RunInterruptedException e) {
        err.println("interrupted: " + e.getMessage() + "; no results were written");
        err.flush();
        return Main.INTERRUPTED;
    }
}
