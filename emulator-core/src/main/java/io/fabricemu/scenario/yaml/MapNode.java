package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.List;

/** A YAML map, its entries in file order. Keys are unique (the tree reader rejects duplicates). */
public record MapNode(Origin origin, List<Entry> entries) implements Node {

    /** One key and its value; {@code keyOrigin} is where the key is written. */
    public record Entry(String key, Origin keyOrigin, Node value) {
    }

    public MapNode {
        entries = List.copyOf(entries);
    }

    /** The entry with this key, or null. Maps in scenarios are small, so a scan is enough. */
    Entry entry(String key) {
        return find(entries, key);
    }

    static Entry find(List<Entry> entries, String key) {
        for (Entry e : entries) {
            if (e.key.equals(key)) {
                return e;
            }
        }
        return null;
    }

    /** A copy with {@code key} set to {@code value}, in place if the key exists, else appended. */
    MapNode with(String key, Origin keyOrigin, Node value) {
        List<Entry> changed = new ArrayList<>(entries.size() + 1);
        boolean replaced = false;
        for (Entry e : entries) {
            if (e.key.equals(key)) {
                changed.add(new Entry(key, keyOrigin, value));
                replaced = true;
            } else {
                changed.add(e);
            }
        }
        if (!replaced) {
            changed.add(new Entry(key, keyOrigin, value));
        }
        return new MapNode(origin, changed);
    }

    @Override
    public String describe() {
        return "a map";
    }
}
