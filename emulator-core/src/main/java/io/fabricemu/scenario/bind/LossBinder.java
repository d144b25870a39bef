package io.fabricemu.scenario.bind;

import io.fabricemu.fault.GilbertElliott;
import io.fabricemu.fault.LossChange;
import io.fabricemu.fault.LossEffect;
import io.fabricemu.fault.LossModel;
import io.fabricemu.fault.NoLoss;
import io.fabricemu.fault.RandomLoss;
import io.fabricemu.scenario.bind.FaultActions.Action;
import io.fabricemu.scenario.yaml.Field;
import io.fabricemu.scenario.yaml.MapNode;
import io.fabricemu.scenario.yaml.ScenarioException;
import io.fabricemu.scenario.yaml.Section;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * Binds a fault's {@code loss} or {@code corrupt} field to the {@link LossModel} that picks the packets:
 * <pre>
 *   loss: 0.1%                      # each packet on its own (RandomLoss); 0% or none: no more loss
 *   loss: {rate: 0.1%, burst: 10}   # bursty: mean loss rate, mean burst length in packets (Gilbert-Elliott)
 *   loss: {pGoodToBad: 0.01%, pBadToGood: 10%, lossGood: 0%, lossBad: 100%}   # the channel itself
 * </pre>
 * The short bursty form is the channel whose bad state loses every packet and whose good state none: a stay in
 * the bad state lasts {@code 1 / pBadToGood} packets on average, so {@code pBadToGood = 1 / burst}, and the
 * long-run loss {@code pGoodToBad / (pGoodToBad + pBadToGood)} is the rate when
 * {@code pGoodToBad = rate * pBadToGood / (1 - rate)} ({@link GilbertElliott#meanLoss()}).
 */
final class LossBinder {
    static final List<String> FULL_FORM = List.of("pGoodToBad", "pBadToGood", "lossGood", "lossBad");
    private static final String FORMS = ", none, or a map {rate: 0.1%, burst: 10}";

    private LossBinder() {
    }

    /** {@code key} of {@code entry}, which is present, as the change that {@code effect} names. */
    static Action bind(Section entry, String key, LossEffect effect) throws ScenarioException {
        String noun = effect == LossEffect.LOSS ? "loss" : "corruption";
        Field field = entry.optional(key);
        if (field.node() instanceof MapNode) {
            return bursty(field.asSection(), noun, effect);
        }
        if (field.isList()) {
            throw field.error("expected a probability such as 0.1%" + FORMS + ", found a list");
        }
        if (field.text().equals("none")) {
            return new Action(new LossChange(new NoLoss(), effect), "no " + noun);
        }
        int ppm = Probabilities.ppm(entry, key, FORMS);
        if (ppm == 0) {
            return new Action(new LossChange(new NoLoss(), effect), "no " + noun);
        }
        if (ppm == Probabilities.ONE_PPM) {
            throw entry.error(key, "'" + field.text() + "' would " + (effect == LossEffect.LOSS ? "lose" : "corrupt")
                    + " every packet; give a probability below 100%, or take the link down (state: down)");
        }
        return new Action(new LossChange(new RandomLoss(ppm / 1e6), effect),
                noun + " " + Probabilities.percent(ppm));
    }

    private static Action bursty(Section map, String noun, LossEffect effect) throws ScenarioException {
        map.declare("rate", "burst");
        map.declare(FULL_FORM.toArray(String[]::new));
        map.rejectUnknownFields();
        String fullKey = null;
        for (String key : FULL_FORM) {
            if (fullKey == null && map.has(key)) {
                fullKey = key;
            }
        }
        if (fullKey == null) {
            return meanAndBurst(map, noun, effect);
        }
        for (String key : List.of("rate", "burst")) {
            if (map.has(key)) {
                throw map.error(fullKey, "give either rate and burst (the mean " + noun + " and burst length), or"
                        + " the channel's pGoodToBad and pBadToGood (with lossGood and lossBad), not both");
            }
        }
        return channel(map, noun, effect);
    }

    private static Action meanAndBurst(Section map, String noun, LossEffect effect) throws ScenarioException {
        int ratePpm = Probabilities.ppm(map, "rate", " (with burst), or the channel's pGoodToBad and pBadToGood");
        int burst = map.requiredInt("burst", 1, Integer.MAX_VALUE);
        String rateText = map.optional("rate").text();
        if (ratePpm == 0) {
            throw map.error("rate", "'" + rateText + "' picks no packet; give a rate above 0%, or " + noun
                    + ": none");
        }
        double rate = ratePpm / 1e6;
        double pBadToGood = 1.0 / burst;
        double pGoodToBad = rate * pBadToGood / (1 - rate);
        if (!(pGoodToBad > 0 && pGoodToBad <= 1)) {
            BigDecimal most = BigDecimal.valueOf(burst).movePointRight(2)
                    .divide(BigDecimal.valueOf(burst + 1L), 4, RoundingMode.DOWN).stripTrailingZeros();
            throw map.error("rate", "'" + rateText + "' cannot be a mean over bursts of " + burst + " packets: the"
                    + " channel would turn bad more often than before every packet (pGoodToBad = rate / (burst x"
                    + " (1 - rate)) > 1); with burst " + burst + " the rate is at most " + most.toPlainString()
                    + "%, so lower the rate or lengthen the bursts");
        }
        return new Action(new LossChange(new GilbertElliott(pGoodToBad, pBadToGood, 0, 1), effect),
                noun + " " + Probabilities.percent(ratePpm) + " in bursts of " + burst);
    }

    private static Action channel(Section map, String noun, LossEffect effect) throws ScenarioException {
        int goodToBad = Probabilities.ppm(map, "pGoodToBad", "");
        int badToGood = Probabilities.ppm(map, "pBadToGood", "");
        int lossGood = map.has("lossGood") ? Probabilities.ppm(map, "lossGood", "") : 0;
        int lossBad = map.has("lossBad") ? Probabilities.ppm(map, "lossBad", "") : Probabilities.ONE_PPM;
        if (goodToBad == 0) {
            throw map.error("pGoodToBad", "'" + map.optional("pGoodToBad").text() + "' never lets the channel turn"
                    + " bad; give a probability above 0% (for no " + noun + ", " + noun + ": none)");
        }
        if (badToGood == 0) {
            throw map.error("pBadToGood", "'" + map.optional("pBadToGood").text() + "' never lets the channel"
                    + " recover; give a probability above 0%");
        }
        if (lossGood == Probabilities.ONE_PPM) {
            throw map.error("lossGood", "'" + map.optional("lossGood").text() + "' picks every packet in the good"
                    + " state; give a probability below 100%");
        }
        if (lossBad == 0) {
            throw map.error("lossBad", "'" + map.optional("lossBad").text() + "' picks no packet in the bad state;"
                    + " give a probability above 0%");
        }
        GilbertElliott model = new GilbertElliott(goodToBad / 1e6, badToGood / 1e6, lossGood / 1e6, lossBad / 1e6);
        return new Action(new LossChange(model, effect), noun + " (Gilbert-Elliott: pGoodToBad "
                + Probabilities.percent(goodToBad) + ", pBadToGood " + Probabilities.percent(badToGood)
                + ", lossGood " + Probabilities.percent(lossGood) + ", lossBad " + Probabilities.percent(lossBad) + ")");
    }
}
