package io.fabricemu.run;

/**
 * A run handed to a member failed there (its emulation threw, or the member could not load its scenario): running it
 * again elsewhere would fail the same way, so the whole farm stops. {@link #index()} says which run.
 */
public final class FarmRunFailedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final int index;

    public FarmRunFailedException(int index, String message) {
        super(message);
        this.index = index;
    }

    public int index() {
        return index;
    }
}
