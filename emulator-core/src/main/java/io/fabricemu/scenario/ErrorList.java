package io.fabricemu.scenario;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The errors found in one scenario file, collected as a compiler collects them: each independent part of the
 * file (a top-level field or section) is bound on its own, a part that fails is recorded and the next one is
 * still bound, and the file is refused at the end with every error found ({@link ScenarioException#errors()}).
 * Within a part, binding stops at its first error: what follows it may depend on the bad value.
 */
final class ErrorList {
    /** One part of the binding. */
    interface Part<T> {
        T bind() throws ScenarioException;
    }

    /** One part that yields nothing but may fail. */
    interface Check {
        void run() throws ScenarioException;
    }

    private final List<ScenarioException> errors = new ArrayList<>();

    /** What {@code part} binds, or null after recording its error. */
    <T> T attempt(Part<T> part) {
        try {
            return part.bind();
        } catch (ScenarioException e) {
            errors.addAll(e.errors());
            return null;
        }
    }

    /** Runs {@code check}, recording its error if it fails. */
    void check(Check check) {
        try {
            check.run();
        } catch (ScenarioException e) {
            errors.addAll(e.errors());
        }
    }

    /** Throws every recorded error, if there is one, in the order of their lines (an override's, line 0, first). */
    void throwIfAny() throws ScenarioException {
        if (!errors.isEmpty()) {
            errors.sort(Comparator.comparingInt(ScenarioException::line));
            throw ScenarioException.all(errors);
        }
    }
}
