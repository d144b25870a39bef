package io.fabricemu.scenario.bind;

import io.fabricemu.net.DeliveryMode;
import io.fabricemu.scenario.transport.TransportConfig;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.workload.ScheduleCsv;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.ScenarioFiles;
import io.fabricemu.scenario.yaml.Section;

/**
 * Receives posted late ({@code recvPosted} or {@code recvDelay} on an entry of {@code workload.flows}) need a transport that knows what a
 * packet without a posted receive means: Ultra Ethernet's request-to-wait and request-to-send (US 12,388,756
 * ¶(59)), which restart a message from its first packet and so need reliable unordered delivery (RUD), or a RoCEv2
 * responder's RNR NAK (IBTA Volume 1, 9.7.5.2.8), after which the requester resends from the NAKed PSN. The
 * baseline transport and UET with ROD are refused at the first entry that sets the field.
 */
public final class LateReceives {
    private LateReceives() {
    }

    /** Refuses {@code recvPosted} in {@code workload} (bound already) unless {@code transport} can answer it. */
    public static void check(Section workload, TransportConfig transport, ScenarioFiles files)
            throws ScenarioException {
        if (transport.roceV2() || transport.ultraEthernet() && transport.uet().deliveryMode() == DeliveryMode.RUD) {
            return;
        }
        Field late = first(workload, files);
        if (late != null) {
            throw late.error("a receive posted late (recvPosted, recvDelay) needs a transport that answers a packet without a posted receive: transport.cc"
                    + " nscc, rccc or nscc+rccc (Ultra Ethernet) with deliveryMode rud (request-to-wait), or roce or"
                    + " dcqcn (RoCEv2, the responder's RNR NAK); this scenario runs "
                    + (transport.ultraEthernet() ? "Ultra Ethernet with deliveryMode rod" : "transport.cc "
                    + transport.congestionControl().scenarioName()) + ". Change the transport or leave the field out");
        }
    }

    private static Field first(Section workload, ScenarioFiles files) throws ScenarioException {
        workload.declare("kind", "parts", "flows", "schedule"); // read afresh here, its fields checked already
        Field kind = workload.optional("kind");
        String k = kind == null ? "" : kind.text();
        if (k.equals("mix") && workload.has("parts")) {
            for (Field part : workload.optional("parts").asList("a list of workloads")) {
                Field found = first(part.asSection(), files);
                if (found != null) {
                    return found;
                }
            }
        } else if (k.equals("flows") && workload.has("schedule")) {
            for (Section s : ScheduleCsv.entries(workload.optional("schedule"), files)) {
                s.declare("recvPosted");
                if (s.has("recvPosted")) {
                    return s.optional("recvPosted");
                }
            }
        } else if (k.equals("flows") && workload.has("flows")) {
            for (Field entry : workload.optional("flows").asList("a list of flows")) {
                Section s = entry.asSection();
                s.declare("recvPosted", "recvDelay");
                for (String field : new String[] {"recvPosted", "recvDelay"}) {
                    if (s.has(field)) {
                        return s.optional(field);
                    }
                }
            }
        }
        return null;
    }
}
