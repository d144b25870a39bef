package io.fabricemu.fabric;

import io.fabricemu.baseline.BaselineNic;
import io.fabricemu.host.CommonTransport;
import io.fabricemu.host.Nic;
import io.fabricemu.host.NicSetup;
import io.fabricemu.roce.RoceNic;
import io.fabricemu.roce.RocePlan;
import io.fabricemu.uet.UetNic;
import io.fabricemu.uet.UetPlan;
import java.util.List;
import java.util.Objects;

/**
 * How every NIC of a fabric runs its transport: one variant per protocol, each holding what every protocol
 * shares ({@link CommonTransport}) and its own settings. The run makes one from the scenario's congestion control
 * kind; {@link FabricBuilder} asks it for each host's NIC ({@link #nic}), so the protocol is decided by the
 * variant's type, once, and never by a missing setting.
 */
public sealed interface TransportPlan permits TransportPlan.Baseline, TransportPlan.UltraEthernet,
        TransportPlan.RoceV2 {
    /** Header bytes of the defaults' framing: a 4,150-B MTU less this leaves {@link #DEFAULT_PAYLOAD_BYTES}. */
    int DEFAULT_HEADER_BYTES = 64;
    /** Payload bytes of a full data packet under the defaults' framing. */
    int DEFAULT_PAYLOAD_BYTES = 4086;

    /** What every NIC's transport shares, whatever the protocol. */
    CommonTransport common();

    /** The NIC of the host {@code setup} describes, running this transport; {@code seed} is the scenario's. */
    Nic nic(NicSetup setup, long seed);

    /**
     * Completions the run waits for beyond one per flow (each source's, when its last byte is acknowledged): under
     * Ultra Ethernet with bounce buffers a target completes a message it held only once its receive is posted,
     * possibly long after the source has its ACKs, so each flow whose receive may be posted late counts once more,
     * by its target ({@link io.fabricemu.uet.BounceBuffer}); none elsewhere.
     */
    default int targetCompletions(List<FlowSpec> flows) {
        return 0;
    }

    /**
     * The baseline transport (go-back-N) under a fixed window of {@code windowBytes} per flow, with a scenario's
     * default framing ({@value #DEFAULT_HEADER_BYTES}-B headers, {@value #DEFAULT_PAYLOAD_BYTES}-B payloads),
     * data in traffic class 0 and control packets in class 1.
     */
    static Baseline fixedWindow(long windowBytes, long rtoPs) {
        return new Baseline(new CommonTransport(DEFAULT_HEADER_BYTES, DEFAULT_PAYLOAD_BYTES, rtoPs, 0, 1), windowBytes);
    }

    /**
     * The baseline reliable transport: every flow goes back N after a timeout, under a fixed window.
     *
     * @param common      what every protocol shares
     * @param windowBytes payload bytes each flow may have in flight
     */
    record Baseline(CommonTransport common, long windowBytes) implements TransportPlan {
        public Baseline {
            Objects.requireNonNull(common, "common");
            if (windowBytes <= 0) {
                throw new IllegalArgumentException("windowBytes must be > 0, was " + windowBytes);
            }
        }

        @Override
        public Nic nic(NicSetup setup, long seed) {
            return new BaselineNic(setup, windowBytes);
        }
    }

    /**
     * The Ultra Ethernet transport.
     *
     * @param common what every protocol shares
     * @param uet    its contexts' congestion control, load balancing and the receivers' memory
     */
    record UltraEthernet(CommonTransport common, UetPlan uet) implements TransportPlan {
        public UltraEthernet {
            Objects.requireNonNull(common, "common");
            Objects.requireNonNull(uet, "uet");
        }

        @Override
        public Nic nic(NicSetup setup, long seed) {
            return new UetNic(setup, uet, seed);
        }

        @Override
        public int targetCompletions(List<FlowSpec> flows) {
            return uet.notReady().bounceBuffer() ? (int) flows.stream().filter(FlowSpec::postsLate).count() : 0;
        }
    }

    /**
     * RoCEv2 reliable connections.
     *
     * @param common what every protocol shares
     * @param roce   message size, RNR retries, outstanding bytes and DCQCN
     */
    record RoceV2(CommonTransport common, RocePlan roce) implements TransportPlan {
        public RoceV2 {
            Objects.requireNonNull(common, "common");
            Objects.requireNonNull(roce, "roce");
        }

        @Override
        public Nic nic(NicSetup setup, long seed) {
            return new RoceNic(setup, roce);
        }
    }
}
