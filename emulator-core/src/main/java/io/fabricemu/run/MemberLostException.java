package io.fabricemu.run;

/** A run across JVMs lost one of its members (it died, or became unreachable) and was aborted. */
public final class MemberLostException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public MemberLostException(String message) {
        super(message);
    }
}
