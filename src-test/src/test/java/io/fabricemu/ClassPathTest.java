package io.fabricemu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The suites' class path holds each module once and one logging setup: the libraries they test configure no
 * logging and bring no class path of their own (the runnable jar's manifest, which names its lib/ folder, is built
 * by the app module, on which nothing depends), so what runs here is the code just compiled and nothing else.
 */
class ClassPathTest {
    @Test
    void eachModuleAndTheLoggingBackend_once() throws IOException {
        for (String resource : List.of("io/fabricemu/cli/Main.class", "io/fabricemu/cluster/NodeCommand.class",
                "io/fabricemu/topology/Topology.class", "org/slf4j/impl/StaticLoggerBinder.class",
                "logback-test.xml")) {
            assertEquals(1, copies(resource).size(), resource + " on the class path: " + copies(resource));
        }
    }

    @Test
    void noLibraryConfiguresLogging() throws IOException {
        assertEquals(List.of(), copies("logback.xml"), "a logging configuration besides this module's test one");
    }

    private static List<URL> copies(String resource) throws IOException {
        return Collections.list(ClassPathTest.class.getClassLoader().getResources(resource));
    }
}
