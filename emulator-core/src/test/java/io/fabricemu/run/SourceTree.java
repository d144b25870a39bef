package io.fabricemu.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The Java sources under one or more {@code io/fabricemu} folders, by package, with their lines of code: comments
 * and string literals blanked, so that a rule matches what the compiler reads, not what a comment mentions.
 */
final class SourceTree {
    private final TreeMap<String, List<Path>> filesByPackage;
    private final TreeMap<Path, Path> rootOf;

    private SourceTree(TreeMap<String, List<Path>> filesByPackage, TreeMap<Path, Path> rootOf) {
        this.filesByPackage = filesByPackage;
        this.rootOf = rootOf;
    }

    /** Reads every tree; a tree that is not there is an error, so a moved module cannot be skipped silently. */
    static SourceTree read(List<Path> roots) throws IOException {
        TreeMap<String, List<Path>> byPackage = new TreeMap<>();
        TreeMap<Path, Path> rootOf = new TreeMap<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                throw new IOException("no source tree at " + root.toAbsolutePath());
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    String pkg = root.relativize(f.getParent()).toString().replace(f.getFileSystem().getSeparator(),
                            ".");
                    byPackage.computeIfAbsent(pkg, k -> new ArrayList<>()).add(f);
                    rootOf.put(f, root);
                }
            }
        }
        return new SourceTree(byPackage, rootOf);
    }

    int packageCount() {
        return filesByPackage.size();
    }

    TreeSet<String> packages() {
        return new TreeSet<>(filesByPackage.keySet());
    }

    /** The names of {@code named} that are no package of the tree (nor the parent of one). */
    List<String> namedButMissing(List<String> named) {
        List<String> missing = new ArrayList<>();
        for (String pkg : named) {
            boolean found = filesByPackage.keySet().stream().anyMatch(p -> p.equals(pkg) || p.startsWith(pkg + "."));
            if (!found) {
                missing.add(pkg);
            }
        }
        return missing;
    }

    /** Every line of code that breaks the rule, as {@code path/File.java:line: code}, in path order. */
    List<String> offenders(ImportRules.Rule rule) throws IOException {
        List<String> found = new ArrayList<>();
        for (var e : filesByPackage.entrySet()) {
            if (!rule.appliesTo().test(e.getKey())) {
                continue;
            }
            for (Path f : e.getValue()) {
                List<String> code = CodeLines.of(Files.readAllLines(f));
                for (int i = 0; i < code.size(); i++) {
                    if (rule.forbidden().matcher(code.get(i)).find()) {
                        String where = rootOf.get(f).relativize(f).toString().replace('\\', '/');
                        found.add(where + ":" + (i + 1) + ": " + code.get(i).trim());
                    }
                }
            }
        }
        return found;
    }
}
