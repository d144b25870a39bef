package io.fabricemu.scenario.yaml;

/**
 * One value of the scenario tree as the YAML text has it, before any meaning is given to it: a map, a
 * list or a scalar. Every node remembers where it came from so that errors can point at it. The tree is
 * immutable; overrides build a changed copy.
 */
public sealed interface Node permits MapNode, ListNode, ScalarNode {

    Origin origin();

    /** How a message names what this node is, e.g. {@code "a list"} or {@code "'abc'"}. */
    String describe();
}
