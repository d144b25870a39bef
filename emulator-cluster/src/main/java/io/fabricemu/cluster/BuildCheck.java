package io.fabricemu.cluster;

import akka.cluster.ConfigValidation;
import akka.cluster.Invalid;
import akka.cluster.JoinConfigCompatChecker;
import akka.cluster.Valid$;
import com.typesafe.config.Config;
import java.util.List;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Refuses a joining member of another build. Akka runs it on a member already in the cluster for every join
 * (the joining member's configuration carries its {@link BuildId}); a refused member is told so, logs this
 * message and shuts down ({@code NodeCommand} then exits naming the reason).
 */
public final class BuildCheck extends JoinConfigCompatChecker {
    static final String KEY = "fabric-emu.cluster.build";

    @Override
    public scala.collection.immutable.Seq<String> requiredKeys() {
        return CollectionConverters.asScala(List.of(KEY)).toList();
    }

    @Override
    public ConfigValidation check(Config toCheck, Config actualConfig) {
        if (!toCheck.hasPath(KEY)) {
            return invalid("a member without a fabric-emu build asked to join; only fabric-emu members can join");
        }
        String theirs = toCheck.getString(KEY);
        String ours = actualConfig.getString(KEY);
        if (theirs.equals(ours)) {
            return Valid$.MODULE$;
        }
        return invalid("a member of fabric-emu build " + theirs + " was refused: this cluster runs build " + ours
                + "; build every member from the same sources with the same JDK");
    }

    private static ConfigValidation invalid(String message) {
        return new Invalid(CollectionConverters.asScala(List.of(message)).toList());
    }
}
