package io.fabricemu.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports an option or argument the command line cannot accept, as every other bad input is reported: one
 * {@code error:} line naming the option and what it allows, then where to read more, and exit code 2. A value
 * that is not of the option's type reads {@code --metrics-level: 'rack' is not allowed; use fabric, tier, switch
 * or port} instead of picocli's {@code Invalid value for option '--metrics-level': expected one of [FABRIC, ...]},
 * with no Java type names ("int", "boolean"); the usage text is not repeated after every mistake, only pointed to.
 * Picocli's own words are kept where they are already plain: unknown options (with its "did you mean"), missing
 * parameters, an option given twice.
 */
final class OptionErrors implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("error: " + message(e));
        if (e instanceof UnmatchedArgumentException) {
            UnmatchedArgumentException.printSuggestions(e, err);
        }
        err.println("See '" + command.getCommandSpec().qualifiedName() + " --help' for what it takes.");
        err.flush();
        return Main.BAD_INPUT;
    }

    /** The one line that says what is wrong. */
    static String message(ParameterException e) {
        ArgSpec arg = e.getArgSpec();
        if (e.getCause() instanceof TypeConversionException conversion && arg != null) {
            return name(arg) + ": " + notOfType(arg, e.getValue(), conversion);
        }
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.isUnknownOption()) {
            List<String> quoted = new ArrayList<>();
            for (String a : unmatched.getUnmatched()) {
                quoted.add("'" + a + "'");
            }
            return (quoted.size() == 1 ? "unexpected argument " : "unexpected arguments ") + String.join(" ", quoted);
        }
        return e.getMessage();
    }

    private static String name(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
    }

    /** Why {@code value} is not of the argument's type, for the types picocli converts itself. */
    private static String notOfType(ArgSpec arg, String value, TypeConversionException conversion) {
        Class<?> type = arg.type();
        if (type.isEnum()) {
            List<String> allowed = new ArrayList<>();
            for (Object constant : type.getEnumConstants()) {
                allowed.add(constant.toString().toLowerCase(Locale.ROOT));
            }
            String last = allowed.remove(allowed.size() - 1);
            return "'" + value + "' is not allowed; use " + (allowed.isEmpty() ? "" : String.join(", ", allowed) + " or ")
                    + last;
        }
        if (type == boolean.class || type == Boolean.class) {
            return "'" + value + "' is neither true nor false";
        }
        return conversion.getMessage();
    }
}
