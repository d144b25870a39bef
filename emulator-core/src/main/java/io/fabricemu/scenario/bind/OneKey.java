package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import java.util.ArrayList;
import java.util.List;

/** The one key of a set that a map must give (a fault's target, a fault's action): which, or why none will do. */
final class OneKey {
    private OneKey() {
    }

    /**
     * The key of {@code keys} that {@code entry} gives. Null, with nothing reported, when it gives none beside an
     * unknown field ({@code knownFields} false: that field is most likely the key, misspelt, and reported as unknown).
     *
     * @param none    the error when it gives none
     * @param several what a map gives one of ("a fault has one target"), before the keys it gave
     * @param advice  what to do instead, after them
     */
    static String of(Section entry, List<String> keys, boolean knownFields, String none, String several,
                     String advice) throws ScenarioException {
        List<String> given = new ArrayList<>();
        for (String key : keys) {
            if (entry.has(key)) {
                given.add(key);
            }
        }
        if (given.isEmpty()) {
            if (!knownFields) {
                return null;
            }
            throw entry.error(none);
        }
        if (given.size() > 1) {
            throw entry.error(given.get(1), several + ", and this one has " + String.join(" and ", given) + "; "
                    + advice);
        }
        return given.get(0);
    }
}
