package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The errors of single fields met while a scenario is bound, kept so that binding goes on past them, as a compiler
 * goes on past a bad token: a field whose value is malformed or out of range, or an unknown field, is recorded here
 * and its reader returns a stand-in (the field's default, or the lowest value it may take), so the next field of the
 * same section is still read and checked. What the stand-ins lead to is never reported: a part of the scenario with a
 * recorded error is refused as a whole ({@link ErrorList}), and an error that compares fields
 * ({@link ScenarioException#dependent()}) is dropped from it, since it may be an effect of a stand-in. A missing
 * required field is not reported either in a section that has an unknown one: that is most likely the same field,
 * misspelt, and the unknown-field error already says so.
 */
public final class FieldErrors {
    private final List<ScenarioException> recorded = new ArrayList<>();
    /** The messages of {@link #recorded}, to find a repeat in constant time: a file may have a million errors. */
    private final Set<String> messages = new HashSet<>();

    /** Records {@code e} unless the same error (same message) is already recorded: a binder may read a field twice. */
    void add(ScenarioException e) {
        if (messages.add(e.getMessage())) {
            recorded.add(e);
        }
    }

    /** How many errors are recorded so far. */
    int size() {
        return recorded.size();
    }

    /** The errors recorded after the first {@code from}. */
    List<ScenarioException> since(int from) {
        return List.copyOf(recorded.subList(from, recorded.size()));
    }
}
