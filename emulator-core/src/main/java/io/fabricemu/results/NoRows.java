package io.fabricemu.results;

import io.fabricemu.engine.SampleReader;

/** A reader of sample logs that ignores every row; subclasses take what they need. */
abstract class NoRows implements SampleReader {
    @Override
    public void at(long tickPs) {
    }

    @Override
    public void port(String portId, int tier, long queueBytes, long drops, long trims, long ecnMarks,
                     long pauseFrames, long btsNotices, long rnrNaks, long txBytes) {
    }

    @Override
    public void classQueue(String portId, int trafficClass, long queueBytes) {
    }

    @Override
    public void sender(int flowId, long windowBytes, long creditBytes, long rateBps) {
    }

    @Override
    public void receiver(int flowId, long deliveredBytes) {
    }
}
