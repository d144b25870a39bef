package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of README.md, BENCHMARKS.md, CONTRIBUTING.md and docs/**.md leads somewhere: to a file or
 * folder of the repository and, with a {@code #anchor} into a Markdown page, to one of its headings. A section
 * renamed or moved shows here with the page and line of every link left pointing at its old place.
 */
class DocsLinksTest {
    @Test
    void everyRelativeLink_reachesAFileAndItsHeading() throws IOException {
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path doc : DocsCommandsTest.docs()) {
            for (DocLinks.Link link : DocLinks.relativeLinks(Files.readString(doc))) {
                checked++;
                Path dest = link.file().isEmpty() ? doc : doc.getParent().resolve(link.file()).normalize();
                String where = DocsCommandsTest.ROOT.relativize(doc) + ":" + link.line() + ": " + link.target();
                if (!Files.exists(dest)) {
                    broken.add(where + ": no such file");
                } else if (!link.anchor().isEmpty() && dest.toString().endsWith(".md")
                        && !DocLinks.anchors(Files.readString(dest)).contains(link.anchor())) {
                    broken.add(where + ": no heading #" + link.anchor() + " in " + DocsCommandsTest.ROOT.relativize(dest));
                }
            }
        }
        assertTrue(broken.isEmpty(), "links in the docs that lead nowhere:\n" + String.join("\n", broken));
        assertTrue(checked >= 50, "only " + checked + " relative links found; the extractor lost them");
    }

    @Test
    void anchors_followGitHubsRule_andCodeIsNotProse() {
        String page = String.join("\n",
                "# fabric-emu",
                "## NSCC's control loop",
                "## Across JVMs: TLS, [keys](x.md)",
                "## Limits",
                "## Limits",
                "```",
                "## not a heading [nor](a-link.md)",
                "```",
                "See [the loop](#ns-cc) and `[code](nowhere.md)` and [web](https://example.org).");
        Set<String> anchors = DocLinks.anchors(page);
        assertEquals(Set.of("fabric-emu", "nsccs-control-loop", "across-jvms-tls-keys", "limits",
                "limits-1"), anchors);
        List<DocLinks.Link> links = DocLinks.relativeLinks(page);
        assertEquals(List.of(new DocLinks.Link(3, "x.md"), new DocLinks.Link(9, "#ns-cc")), links);
        assertEquals("ns-cc", links.get(1).anchor());
        assertEquals("", links.get(1).file());
    }
}
