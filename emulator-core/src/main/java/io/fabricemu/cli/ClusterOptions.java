package io.fabricemu.cli;

import io.fabricemu.run.ClusterConfigException;
import io.fabricemu.run.ClusterRequest;
import io.fabricemu.run.ClusterSupport;
import io.fabricemu.run.DistributedBackend;
import io.fabricemu.run.MemberLostException;
import io.fabricemu.run.RunInterruptedException;
import io.fabricemu.scenario.ScenarioLoader;
import io.fabricemu.scenario.yaml.InputFile;
import io.fabricemu.scenario.yaml.ScenarioException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that run a scenario across JVMs instead of in this one: {@code --jvms N} or {@code --cluster FILE}. */
final class ClusterOptions {
    static final int MAX_JVMS = 64;

    @Option(names = "--jvms", paramLabel = "N", converter = WholeNumber.JvmCount.class,
            description = "Fork N local JVMs, form a cluster of them on 127.0.0.1 and run the fabric sharded "
                    + "across them (--shards is then per JVM, default 1); with --seeds, or in compare, hand each run "
                    + "whole to one of them. Results are identical to one JVM's.")
    Integer jvms;

    @Option(names = "--cluster", paramLabel = "FILE",
            description = "Run on the cluster FILE describes, whose members were started with "
                    + "'fabric-emu node --config FILE' (--shards is then per member, default: its processors); with "
                    + "--seeds, or in compare, hand each run whole to a member, a lost member's runs going to the others.")
    Path cluster;

    /** Whether the run goes to other JVMs. */
    boolean distributed() {
        return jvms != null || cluster != null;
    }

    /** The options as given, for a report's header: {@code --jvms 3} or {@code --cluster FILE}. */
    String describe() {
        return jvms != null ? "--jvms " + jvms : "--cluster " + cluster;
    }

    /**
     * Whether the options can make a cluster at all, checked before any work: they do not conflict and the cluster
     * file is a readable file. False after printing why to {@code err} (the caller then exits with
     * {@link Main#BAD_INPUT}); the file's content is read only when the cluster forms.
     */
    boolean check(PrintWriter err) {
        if (jvms != null && cluster != null) {
            return refuse(err, "--jvms and --cluster exclude each other: fork local JVMs or use a formed cluster");
        }
        String problem = cluster == null ? null : InputFile.problem(cluster, "cluster file");
        if (problem != null) {
            return refuse(err, "--cluster " + InputFile.display(cluster) + ": " + problem);
        }
        return true;
    }

    /**
     * Forms the cluster the options ask for; null after printing to {@code err} why it could not be (the caller
     * then exits with {@link #exitCode}). Once the cluster has formed, and unless {@code out} is null (a quiet run), a
     * fabric of {@code actors} too small to gain across JVMs gets its note on {@code err} ({@link ClusterAdvice}).
     */
    DistributedBackend open(Integer shardsPerMember, Path scenario, List<String> overrides,
                            List<Path> allowedFolders, int actors, PrintWriter out, PrintWriter err) {
        exitCode = Main.BAD_INPUT;
        if (!check(err)) {
            return null;
        }
        ClusterSupport support = ClusterSupport.find();
        if (support == null) {
            return error(err, (jvms != null ? "--jvms" : "--cluster") + " needs the emulator-cluster module on the "
                    + "class path; run through bin/fabric-emu, which builds it");
        }
        String text;
        try {
            text = ScenarioLoader.readText(scenario);
        } catch (ScenarioException e) {
            return error(err, e.getMessage());
        }
        try {
            DistributedBackend backend = support.open(new ClusterRequest(jvms == null ? 0 : jvms, cluster,
                    shardsPerMember, scenario.toString(), text, overrides, allowedFolders), out);
            String note = ClusterAdvice.note(actors);
            if (note != null && out != null) {
                err.println(note);
                err.flush();
            }
            return backend;
        } catch (ClusterConfigException e) {
            return error(err, e.getMessage());
        } catch (MemberLostException e) {
            exitCode = Main.MEMBER_LOST;
            return error(err, "the cluster could not be formed: " + e.getMessage());
        } catch (RunInterruptedException e) {
            exitCode = Main.INTERRUPTED;
            err.println("interrupted: " + e.getMessage());
            err.flush();
            return null;
        } catch (IllegalStateException e) {
            exitCode = Main.FAILED;
            return error(err, "the cluster could not be formed: " + e.getMessage());
        }
    }

    int exitCode;

    private static DistributedBackend error(PrintWriter err, String message) {
        refuse(err, message);
        return null;
    }

    private static boolean refuse(PrintWriter err, String message) {
        err.println("error: " + message);
        err.flush();
        return false;
    }
}
