package io.fabricemu.results;

/**
 * What one fault cost at one place, its counts merged when several elements count the same place (a port's queue
 * and the corrupted frames its link handed it).
 *
 * @param where        the place: a link direction ({@code agg0.0 -> core0}) or a port ({@code agg0.0:p9})
 * @param drops        packets and bytes lost there, by kind
 * @param touchedFlows how many flows the fault touched there
 */
record FaultPlace(String where, FaultDropTotals drops, int touchedFlows) {
}
