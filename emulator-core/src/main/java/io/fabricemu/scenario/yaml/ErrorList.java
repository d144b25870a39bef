package io.fabricemu.scenario.yaml;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The errors found in one scenario file, collected as a compiler collects them: each independent part of the
 * file (a top-level field or section) is bound on its own, a part that fails is recorded and the next one is
 * still bound, and the file is refused at the end with every error found ({@link ScenarioException#errors()}).
 * Within a part, every field's own error is found ({@link FieldErrors}: binding reads on past it with a stand-in);
 * binding stops at the first error that is not a single field's, and that one is dropped when the part already has a
 * field's error, since it may follow from the stand-in. A part with any error yields nothing.
 */
public final class ErrorList {
    /** One part of the binding. */
    public interface Part<T> {
        T bind() throws ScenarioException;
    }

    /** One part that yields nothing but may fail. */
    public interface Check {
        void run() throws ScenarioException;
    }

    private final List<ScenarioException> errors = new ArrayList<>();
    private final FieldErrors fields;

    /** {@code fields}: where the sections of this file record their fields' errors. */
    public ErrorList(FieldErrors fields) {
        this.fields = fields;
    }

    /** What {@code part} binds, or null after recording its errors. */
    public <T> T attempt(Part<T> part) {
        int before = fields.size();
        try {
            T value = part.bind();
            return took(before) ? null : value;
        } catch (ScenarioException e) {
            if (!took(before) || !e.dependent()) {
                errors.addAll(e.errors());
            }
            return null;
        } catch (RuntimeException e) {
            // A stand-in for a bad field took the binder somewhere its checks never let a real value go.
            if (took(before)) {
                return null;
            }
            throw e;
        }
    }

    /** Runs {@code check}, recording its errors if it fails; whether it passed. */
    public boolean check(Check check) {
        return attempt(() -> {
            check.run();
            return Boolean.TRUE;
        }) != null;
    }

    /** Adds the field errors recorded since {@code before}; whether there were any. */
    private boolean took(int before) {
        if (fields.size() == before) {
            return false;
        }
        errors.addAll(fields.since(before));
        return true;
    }

    /** Throws every recorded error, if there is one, in the order of their lines (an override's, line 0, first). */
    public void throwIfAny() throws ScenarioException {
        if (!errors.isEmpty()) {
            errors.sort(Comparator.comparingInt(ScenarioException::line));
            throw ScenarioException.all(errors);
        }
    }
}
