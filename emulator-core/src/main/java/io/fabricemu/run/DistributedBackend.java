package io.fabricemu.run;

/** A backend whose shards live in other JVMs; closing it releases them (forked JVMs exit). */
public interface DistributedBackend extends EngineBackend, AutoCloseable {
    @Override
    void close();
}
