package io.fabricemu.results;

/**
 * When a rank ran one node of its Chakra trace ({@link ChakraTimeline}).
 *
 * @param id         the node's id in the rank's file
 * @param name       its name there, "" when it has none
 * @param kind       {@code compute}, {@code send}, {@code recv} or {@code collective}
 * @param collective a collective node's collective as {@code collectives} names it (such as {@code c0-all-reduce}),
 *                   else ""
 * @param startPs    when it started, -1 if it did not (the run stopped first)
 * @param endPs      when it ended, -1 if it did not
 */
public record ChakraNodeTime(long id, String name, String kind, String collective, long startPs, long endPs) {
    boolean ended() {
        return endPs >= 0;
    }
}
