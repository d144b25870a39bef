package io.fabricemu.cli;

import io.fabricemu.actor.Engine;
import io.fabricemu.run.ClusterSupport;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code fabric-emu} command. */
@Command(name = "fabric-emu", mixinStandardHelpOptions = true, version = "fabric-emu 0.1.0",
        description = "Packet-level emulator of AI/HPC datacenter fabrics on a virtual-time actor engine.",
        subcommands = {RunCommand.class, CompareCommand.class, ValidateCommand.class, BenchCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:the emulation failed", "2:bad input (scenario file, option or value)",
                "3:the model halted the run (a PFC deadlock); results were written",
                "4:a cluster member was lost (stopped, killed or unreachable) while the cluster formed or the run "
                        + "ran; the run was aborted and no results were written",
                "130:stopped by SIGINT (Ctrl-C); nothing half-written is left",
                "143:stopped by SIGTERM; nothing half-written is left",
                "255:the JVM ran out of heap (or another fatal error); nothing was written"})
public final class Main implements Runnable {
    /** Bad input: a scenario file, an option or a value. */
    static final int BAD_INPUT = 2;
    /** The emulation itself failed. */
    static final int FAILED = 1;
    /** The model ended the run early (a PFC deadlock was found); the results were still written. */
    static final int HALTED = 3;
    /** A member of the cluster running the fabric died or became unreachable; nothing was written. */
    static final int MEMBER_LOST = 4;
    /**
     * The run was interrupted by SIGINT (Ctrl-C) or SIGTERM. The JVM, once its shutdown hooks have run, exits with
     * 128 plus the signal's number (130, 143) whatever the command returns; this is SIGINT's.
     */
    static final int INTERRUPTED = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        Thread.setDefaultUncaughtExceptionHandler(OutOfHeap::uncaught);
        TieredRelaunch.remember(args);
        readEngineSettingsAhead(args);
        int code;
        try {
            code = commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            code = OutOfHeap.exit(e);
        }
        System.exit(code);
    }

    /**
     * For a command that runs the engine, reads Akka's settings (every module's {@code reference.conf}, about 0.1 s)
     * on a thread of its own while the command line and the scenario are read: the engine, when it needs them, finds
     * them read, or waits for the rest (BENCHMARKS.md, round eleven).
     */
    private static void readEngineSettingsAhead(String[] args) {
        if (args.length > 0 && (args[0].equals("run") || args[0].equals("compare"))) {
            Thread reading = new Thread(Engine::config, "fabric-emu-settings");
            reading.setDaemon(true);
            reading.start();
        }
    }

    /** The command line with every subcommand, for embedding and tests. */
    public static CommandLine commandLine() {
        CommandLine line = new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true);
        ClusterSupport cluster = ClusterSupport.find();
        if (cluster != null) {
            for (Object command : cluster.commands()) {
                line.addSubcommand(command);
            }
        }
        HelpLayout.apply(line);
        return line.setParameterExceptionHandler(new OptionErrors());
    }

    @Override
    public void run() {
        List<String> names = new ArrayList<>(spec.subcommands().keySet());
        names.remove("help"); // last: it is about the others
        names.add("help");
        String last = names.remove(names.size() - 1);
        throw new CommandLine.ParameterException(spec.commandLine(), "name a command: " + String.join(", ", names)
                + " or " + last);
    }
}
