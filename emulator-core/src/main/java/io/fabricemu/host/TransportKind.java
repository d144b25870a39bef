package io.fabricemu.host;

/**
 * The protocol every NIC of a fabric runs: one per fabric, decided once when the scenario is bound.
 */
public enum TransportKind {
    /** The baseline reliable transport: go-back-N under a fixed window. */
    BASELINE,
    /** Ultra Ethernet: PDCs sharing a congestion control context per destination (UE 1.0, PDS and CMS). */
    ULTRA_ETHERNET,
    /** RoCEv2 reliable connections. */
    ROCE_V2
}
