package io.fabricemu.scenario.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnitsTest {

    @ParameterizedTest(name = "{0} = {1} B")
    @CsvSource({
            "4150B, 4150",
            "0B, 0",
            "2MiB, 2097152",
            "2MB, 2000000",
            "1.5KB, 1500",
            "64KiB, 65536",
            "1GiB, 1073741824",
            "1GB, 1000000000",
            "0.5KiB, 512",
            "178450B, 178450",
    })
    void parseBytes_acceptedFormats(String text, long bytes) {
        assertEquals(bytes, Units.parseBytes(text));
    }

    @ParameterizedTest(name = "{0} = {1} bps")
    @CsvSource({
            "100Gbps, 100000000000",
            "400Gbps, 400000000000",
            "25.5Gbps, 25500000000",
            "800Mbps, 800000000",
            "10Kbps, 10000",
            "1Tbps, 1000000000000",
            "9600bps, 9600",
    })
    void parseRateBps_acceptedFormats(String text, long bps) {
        assertEquals(bps, Units.parseRateBps(text));
    }

    @ParameterizedTest(name = "{0} = {1} ps")
    @CsvSource({
            "1us, 1000000",
            "250ns, 250000",
            "1.5us, 1500000",
            "10ms, 10000000000",
            "2s, 2000000000000",
            "500ps, 500",
            "0ns, 0",
            "0.001ns, 1",
    })
    void parseTimePs_acceptedFormats(String text, long ps) {
        assertEquals(ps, Units.parseTimePs(text));
    }

    @ParameterizedTest(name = "bytes ''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "4150       | '4150' has no unit",
            "0          | '0' has no unit",
            "2XB        | '2XB' is not a size",
            "2mib       | '2mib' is not a size",
            "2 Mb       | '2 Mb' is not a size",
            "2 MiB      | '2 MiB' has a space between the number and its unit (write 2MiB)",
            "-1.5 KB    | '-1.5 KB' has a space between the number and its unit (write -1.5KB)",
            "-1B        | '-1B' is negative",
            "0.5B       | '0.5B' is not a whole number of bytes (0.5)",
            "1.0001KB   | '1.0001KB' is not a whole number of bytes (1000.1)",
            "9000000000GiB | '9000000000GiB' is too large",
            "MiB        | 'MiB' is not a size",
            "1e3B       | '1e3B' is not a size",
            "''         | '' is not a size",
    })
    void parseBytes_rejectsWithUnitsAndExample(String text, String problem) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseBytes(text));
        assertEquals(problem + "; use a number with B, KB, MB, GB, KiB, MiB or GiB (e.g. 4150B, 2MiB)",
                e.getMessage().replaceFirst(" \\(more than [0-9]+ bytes\\)", ""));
    }

    @ParameterizedTest(name = "rate ''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "100        | '100' has no unit",
            "100GB      | '100GB' is not a rate",
            "100Gb/s    | '100Gb/s' is not a rate",
            "100 Gbps   | '100 Gbps' has a space between the number and its unit (write 100Gbps)",
            "-1Gbps     | '-1Gbps' is negative",
            "0.5bps     | '0.5bps' is not a whole number of bits per second (0.5)",
            "10000000Tbps | '10000000Tbps' is too large (more than 9223372036854775807 bits per second)",
    })
    void parseRateBps_rejectsWithUnitsAndExample(String text, String problem) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseRateBps(text));
        assertEquals(problem + "; use a number with bps, Kbps, Mbps, Gbps or Tbps (e.g. 100Gbps, 25.5Gbps)",
                e.getMessage());
    }

    @ParameterizedTest(name = "time ''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "0          | '0' has no unit",
            "500        | '500' has no unit",
            "1sec       | '1sec' is not a time",
            "'1.5\tus' | '1.5\tus' has a space between the number and its unit (write 1.5us)",
            "1US        | '1US' is not a time",
            "-5ns       | '-5ns' is negative",
            "0.5ps      | '0.5ps' is not a whole number of picoseconds (0.5)",
            "10000000s  | '10000000s' is too large (more than 9223372036854775807 picoseconds)",
    })
    void parseTimePs_rejectsWithUnitsAndExample(String text, String problem) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseTimePs(text));
        assertEquals(problem + "; use a number with ps, ns, us, ms or s (e.g. 500ns, 1.5us)", e.getMessage());
    }

    @Test
    void parse_largestValueThatFits_isExact() {
        assertEquals(Long.MAX_VALUE, Units.parseTimePs("9223372036854775807ps"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseTimePs("9223372036854775808ps"));
    }

    @Test
    void parseBytes_null_isRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseBytes(null));
        assertTrue(e.getMessage().contains("KiB"), e.getMessage());
    }

    @ParameterizedTest(name = "{0} B -> {1}")
    @CsvSource({
            "2097152, 2 MiB",
            "4150, 4.053 KiB",
            "64, 64 B",
            "0, 0 B",
            "1073741824, 1 GiB",
            "1536, 1.5 KiB",
    })
    void formatBytes_forPeople(long bytes, String shown) {
        assertEquals(shown, Units.formatBytes(bytes));
    }

    @ParameterizedTest(name = "{0} bps -> {1}")
    @CsvSource({
            "100000000000, 100 Gb/s",
            "25500000000, 25.5 Gb/s",
            "800000000, 800 Mb/s",
            "9600, 9.6 Kb/s",
            "999, 999 b/s",
            "1000000000000, 1 Tb/s",
    })
    void formatRate_forPeople(long bps, String shown) {
        assertEquals(shown, Units.formatRate(bps));
    }

    @ParameterizedTest(name = "{0} ps -> {1}")
    @CsvSource({
            "1234000, 1.234 us",
            "1234567, 1.235 us",
            "500000, 500 ns",
            "0, 0 ps",
            "999, 999 ps",
            "2000000000000, 2 s",
            "-1500, -1.5 ns",
    })
    void formatTimePs_forPeople(long ps, String shown) {
        assertEquals(shown, Units.formatTimePs(ps));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "2097152, 2MiB",
            "2000000, 2MB",
            "65535, 65535B",
            "0, 0B",
            "178450, 178450B",
    })
    void exactBytes_roundTripsThroughParse(long bytes, String text) {
        assertEquals(text, Units.exactBytes(bytes));
        assertEquals(bytes, Units.parseBytes(text));
    }

    @Test
    void exactRateAndTime_useLargestDividingUnit() {
        assertEquals("100Gbps", Units.exactRate(100_000_000_000L));
        assertEquals("1bps", Units.exactRate(1));
        assertEquals("500ns", Units.exactTime(500_000));
        assertEquals("1500ns", Units.exactTime(1_500_000));
        assertEquals("1s", Units.exactTime(1_000_000_000_000L));
    }
}
