package io.fabricemu.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code faults} list of results.json: one object per fault, in list order (docs/results.md lists the keys).
 * Places beyond the {@value #MAX_PLACES} that lost most are left out of {@code faultDropPlaces}; faults.csv has
 * them all and {@code faultDropPlaceCount} says how many there are.
 */
final class FaultsJson {
    static final int MAX_PLACES = 20;

    private FaultsJson() {
    }

    static List<Map<String, Object>> of(List<FaultCost> costs) {
        List<Map<String, Object>> out = new ArrayList<>(costs.size());
        for (FaultCost c : costs) {
            out.add(of(c));
        }
        return out;
    }

    static Map<String, Object> of(FaultCost c) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("index", c.fault().index());
        f.put("label", c.fault().label());
        f.put("atPs", c.fault().atPs());
        f.put("kind", c.kind());
        f.put("targets", c.fault().directionCount());
        f.put("faultDrops", c.drops().json());
        List<Map<String, Object>> places = new ArrayList<>();
        for (FaultPlace p : c.places().subList(0, Math.min(MAX_PLACES, c.places().size()))) {
            Map<String, Object> place = new LinkedHashMap<>();
            place.put("where", p.where());
            place.putAll(p.drops().json());
            place.put("touchedFlows", p.touchedFlows());
            places.add(place);
        }
        f.put("faultDropPlaces", places);
        f.put("faultDropPlaceCount", c.places().size());
        f.put("touchedFlows", c.touchedFlows());
        f.put("touchedFct", c.touchedFct().json());
        f.put("untouchedFct", c.untouchedFct().json());
        Recovery r = c.recovery();
        if (r instanceof Recovery.Back b) {
            f.put("recoveryPs", b.afterPs());
            f.put("goodputBeforeBps", b.levelBeforeBps());
        } else if (r instanceof Recovery.NotBack n) {
            f.put("recoveryPs", null);
            f.put("goodputBeforeBps", n.levelBeforeBps());
            f.put("recoveryNote", FaultSentence.note(r));
        } else {
            f.put("recoveryPs", null);
            f.put("recoveryNote", FaultSentence.note(r));
        }
        return f;
    }
}
