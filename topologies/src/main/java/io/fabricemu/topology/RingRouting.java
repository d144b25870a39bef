package io.fabricemu.topology;

/**
 * How the switches of a {@link RingSpec} forward toward a host on another switch. Clockwise is switch
 * {@code i} to switch {@code i + 1 (mod N)}.
 */
public enum RingRouting {
    /**
     * Only through the clockwise neighbour, however far round that is. Every ring cable then carries
     * traffic one way only and the buffers of the ring form one cycle of dependencies: the classic
     * configuration in which PFC can deadlock (Hu et al., "Deadlocks in Datacenter Networks: Why Do They
     * Form, and How to Avoid Them", HotNets 2016).
     */
    CLOCKWISE,
    /** The shorter way round; when both ways are equally long (an even ring's opposite switch), both, as ECMP. */
    SHORTEST
}
