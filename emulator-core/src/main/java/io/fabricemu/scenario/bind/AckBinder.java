package io.fabricemu.scenario.bind;

import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import io.fabricemu.uet.AckPolicy;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Binds when an Ultra Ethernet target sends ACK_CCs ({@link AckPolicy}) from the optional {@code transport.ack}
 * map:
 * <pre>
 * ack:
 *   every: 16384B         # a size (default 16384B, the reference simulator's), "N packets", or "packet"
 *   outOfOrder: coalesce  # coalesce (default) | immediate: an ACK_CC for every packet beyond the cumulative PSN
 * </pre>
 * Whatever the policy, the first packet of a flow, an ECN-marked one, one with the AR flag and a duplicate are
 * acknowledged at once, and a trim is NACKed at once.
 */
final class AckBinder {
    static final String COALESCE = "coalesce";
    static final String IMMEDIATE = "immediate";
    static final List<String> OUT_OF_ORDER = List.of(COALESCE, IMMEDIATE);
    /** The most packets one ACK_CC may wait for: its SACK bitmap covers 64 PSNs. */
    static final int MAX_PACKETS = 64;
    private static final Pattern PACKETS = Pattern.compile("(\\d{1,9})\\s*packets?");

    private AckBinder() {
    }

    /**
     * The policy of {@code a}, the {@code ack} map, or the reference simulator's if null; a size may be at most
     * {@link #MAX_PACKETS} packets of {@code mtuBytes}.
     */
    static AckPolicy bind(Section a, int mtuBytes) throws ScenarioException {
        if (a == null) {
            return AckPolicy.REFERENCE;
        }
        a.declare("every", "outOfOrder");
        a.rejectUnknownFields();
        boolean outOfOrderAtOnce = a.optionalOneOf("outOfOrder", COALESCE, OUT_OF_ORDER).equals(IMMEDIATE);
        Field every = a.optional("every");
        if (every == null) {
            return new AckPolicy(AckPolicy.REFERENCE_BYTES, 0, outOfOrderAtOnce);
        }
        String text = every.text();
        if (text.equals("packet")) {
            return new AckPolicy(0, 1, outOfOrderAtOnce);
        }
        Matcher packets = PACKETS.matcher(text);
        if (packets.matches()) {
            int count = Integer.parseInt(packets.group(1));
            if (count < 1 || count > MAX_PACKETS) {
                throw a.error("every", "'" + text + "' must count 1 to " + MAX_PACKETS + " packets (an ACK_CC's SACK "
                        + "bitmap covers " + MAX_PACKETS + " PSNs), e.g. 4 packets");
            }
            return new AckPolicy(0, count, outOfOrderAtOnce);
        }
        if (!Character.isDigit(text.isEmpty() ? ' ' : text.charAt(0))) {
            throw a.error("every", "'" + text + "' is not allowed; expected a size such as 16384B (the default), a "
                    + "count such as 4 packets, or packet (an ACK_CC for every packet)");
        }
        return new AckPolicy(every.asBytes(1, (long) MAX_PACKETS * mtuBytes), 0, outOfOrderAtOnce);
    }
}
