package io.fabricemu.run;

/** A cluster configuration file or a cluster option is bad input; the message names the file, the field and what is allowed. */
public final class ClusterConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    public ClusterConfigException(String message) {
        super(message);
    }
}
