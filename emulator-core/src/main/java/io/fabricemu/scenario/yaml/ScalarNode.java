package io.fabricemu.scenario.yaml;

/**
 * A YAML scalar as written ({@code 2MiB}, {@code 7}, {@code cut-through}); meaning is given only when a
 * binder reads it. {@code isNull} marks an empty value or {@code ~}/{@code null}.
 */
public record ScalarNode(Origin origin, String text, boolean isNull) implements Node {

    @Override
    public String describe() {
        return isNull ? "no value" : "'" + text + "'";
    }
}
