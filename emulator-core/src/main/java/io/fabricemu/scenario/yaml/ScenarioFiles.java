package io.fabricemu.scenario.yaml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The files a scenario names in its fields (a CSV schedule today), and which of them it may read: a scenario is
 * input that may come from someone else, so it must not make fabric-emu read, and quote in its messages, any file
 * the person running it can read.
 *
 * <p>The rule: a name is relative to the scenario file's folder, and the file must lie in that folder or below,
 * or in a folder the person named on the command line ({@code --allow-files DIR}, never from inside a scenario);
 * an absolute name only in such a folder. It is checked twice: on the name, with {@code ..} resolved as text,
 * before the file system is asked anything about the file (so that a refused name does not even tell whether a
 * file exists there); then on the file's real path, symbolic links resolved, against the real paths of the
 * folders. The file must be a regular file (not a folder, a device such as {@code /dev/zero}, a pipe or a socket)
 * and is read only up to the limit its kind has, plus one byte to tell that it is larger: the size a file system
 * reports is not trusted, since {@code /proc} files report 0.
 *
 * <p>What this class returns is only bytes: the caller decides what they mean, and must not quote them in a
 * message unless they are of the kind expected (see {@code ScheduleCsv}).
 */
public final class ScenarioFiles {
    private static final Pattern NAME = Pattern.compile(".+");

    private final String scenarioSource;
    private final Path scenarioFolder;
    private final List<Path> allowedFolders;

    /**
     * The files of the scenario read from {@code scenarioSource} (its file name as given; its folder is that of the
     * working directory when it has none), allowed also in {@code allowedFolders}.
     */
    public ScenarioFiles(String scenarioSource, List<Path> allowedFolders) {
        this.scenarioSource = scenarioSource;
        Path parent = Path.of(scenarioSource).toAbsolutePath().normalize().getParent();
        this.scenarioFolder = parent != null ? parent : Path.of("").toAbsolutePath();
        List<Path> allowed = new ArrayList<>(allowedFolders.size());
        for (Path folder : allowedFolders) {
            allowed.add(folder.toAbsolutePath().normalize());
        }
        this.allowedFolders = List.copyOf(allowed);
    }

    /** A file a scenario named: as messages name it, and its bytes. */
    public record Content(String display, byte[] bytes) {
    }

    /**
     * The content of the file {@code field} names, a {@code kind} (e.g. "CSV schedule") of at most
     * {@code maxBytes}, named relative to the scenario's folder; messages name it as the scenario's name does (a
     * relative name from the same place).
     */
    public Content read(Field field, String kind, int maxBytes) throws ScenarioException {
        return read(field, field.asText(NAME, "the name of a " + kind), kind, maxBytes);
    }

    /**
     * The content of the file {@code name}, made from what {@code field} says (e.g. a prefix and a rank), under the
     * same rule as {@link #read(Field, String, int)}; errors are reported at {@code field}.
     */
    public Content read(Field field, String name, String kind, int maxBytes) throws ScenarioException {
        Path file = allowed(field, name);
        Path named = Path.of(name);
        String display = InputFile.display(file);
        String problem = InputFile.problem(file, kind);
        if (problem != null) {
            throw field.error("cannot read " + display + ": " + problem);
        }
        Path real;
        try {
            real = file.toRealPath();
            if (!within(real, realFolders(named.isAbsolute()))) {
                throw field.error("'" + name + "' leads through a symbolic link out of the folders a scenario may"
                        + " read; " + rule("in its own folder (" + scenarioFolder + ")") + beyond());
            }
        } catch (IOException e) {
            throw field.error("cannot read " + display + ": " + InputFile.describe(e, kind, file));
        }
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            throw field.error("cannot read " + display + ": it is not a regular file (it is a device, a pipe or a"
                    + " socket); name a " + kind);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(real)) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (IOException e) {
            throw field.error("cannot read " + display + ": " + InputFile.describe(e, kind, file));
        }
        if (bytes.length > maxBytes) {
            throw field.error(String.format(Locale.ROOT, "%s is larger than %s (%,d bytes), the most a %s may be",
                    display, Units.formatBytes(maxBytes), maxBytes, kind));
        }
        return new Content(display, bytes);
    }

    /**
     * Whether the file {@code name} is there, asked only once the name passes the rule of {@link #read}: a refused
     * name is reported at {@code field} as {@link #read} reports it.
     */
    public boolean exists(Field field, String name) throws ScenarioException {
        return Files.exists(allowed(field, name));
    }

    /** The file {@code name} means, once it passes the rule of {@link #read}; else an error at {@code field}. */
    private Path allowed(Field field, String name) throws ScenarioException {
        Path named;
        try {
            named = Path.of(name);
        } catch (InvalidPathException e) {
            throw field.error("'" + name + "' is not a file name: " + e.getReason());
        }
        Path file = named.isAbsolute() ? named : Path.of(scenarioSource).resolveSibling(named);
        Path absolute = file.toAbsolutePath().normalize();
        if (named.isAbsolute() ? !within(absolute, allowedFolders) : !within(absolute, folders())) {
            throw field.error(outside(name, named.isAbsolute()));
        }
        return file;
    }

    /** The folders a relative name may lead into: the scenario's and the allowed ones. */
    private List<Path> folders() {
        List<Path> folders = new ArrayList<>(allowedFolders.size() + 1);
        folders.add(scenarioFolder);
        folders.addAll(allowedFolders);
        return folders;
    }

    /** The real paths of the folders a name may lead into; a folder that does not exist holds nothing. */
    private List<Path> realFolders(boolean absolute) {
        List<Path> real = new ArrayList<>();
        for (Path folder : absolute ? allowedFolders : folders()) {
            try {
                real.add(folder.toRealPath());
            } catch (IOException e) {
                // a folder that is not there allows nothing
            }
        }
        return real;
    }

    private static boolean within(Path file, List<Path> folders) {
        for (Path folder : folders) {
            if (file.startsWith(folder)) {
                return true;
            }
        }
        return false;
    }

    private String outside(String name, boolean absolute) {
        if (absolute) {
            return "'" + name + "' is an absolute path" + (allowedFolders.isEmpty() ? "" : " outside "
                    + allowedList()) + "; " + rule("in its own folder (" + scenarioFolder + ")") + ", named relative"
                    + " to it" + beyond();
        }
        return "'" + name + "' leads out of the scenario's folder (" + scenarioFolder + "); " + rule("there")
                + beyond();
    }

    private static String rule(String where) {
        return "a scenario may read files only " + where + " and below";
    }

    /** What the command line allows beyond the scenario's folder, for a message. */
    private String beyond() {
        return allowedFolders.isEmpty() ? ", unless the command line allows another folder with --allow-files DIR"
                : ", and in " + allowedList() + " and below";
    }

    private String allowedList() {
        List<String> names = new ArrayList<>(allowedFolders.size());
        for (Path folder : allowedFolders) {
            names.add(folder.toString());
        }
        return "the folders allowed with --allow-files (" + String.join(", ", names) + ")";
    }
}
