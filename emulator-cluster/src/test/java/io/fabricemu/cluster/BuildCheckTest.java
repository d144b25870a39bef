package io.fabricemu.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.cluster.ConfigValidation;
import akka.cluster.Invalid;
import akka.cluster.Valid$;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

/** The join check admits a member of this build and refuses any other, saying both builds. */
class BuildCheckTest {
    private static Config build(String id) {
        return ConfigFactory.parseString(BuildCheck.KEY + " = \"" + id + "\"");
    }

    @Test
    void sameBuild_isValid_anotherIsRefusedNamingBoth() {
        BuildCheck check = new BuildCheck();
        assertEquals(Valid$.MODULE$, check.check(build("0.1.0-aaa"), build("0.1.0-aaa")));
        ConfigValidation refused = check.check(build("0.1.0-bbb"), build("0.1.0-aaa"));
        assertTrue(refused instanceof Invalid);
        String message = ((Invalid) refused).errorMessages().head();
        assertTrue(message.contains("0.1.0-bbb") && message.contains("0.1.0-aaa"), message);
        assertTrue(check.check(ConfigFactory.empty(), build("0.1.0-aaa")) instanceof Invalid);
    }

    @Test
    void thisBuild_isAStableFingerprintOfTheCode() {
        assertTrue(BuildId.current().matches("0\\.1\\.0-[0-9a-f]{12}"), BuildId.current());
        assertEquals(BuildId.current(), BuildId.current());
    }
}
