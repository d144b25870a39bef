package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.List;

/** A YAML list. */
public record ListNode(Origin origin, List<Node> items) implements Node {

    public ListNode {
        items = List.copyOf(items);
    }

    /** A copy with item {@code index} replaced by {@code value}; the index must exist. */
    ListNode with(int index, Node value) {
        List<Node> changed = new ArrayList<>(items);
        changed.set(index, value);
        return new ListNode(origin, changed);
    }

    @Override
    public String describe() {
        return "a list";
    }
}
