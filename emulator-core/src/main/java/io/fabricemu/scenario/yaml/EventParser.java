package io.fabricemu.scenario.yaml;

import com.fasterxml.jackson.core.ErrorReportConfiguration;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.parser.ParserImpl;

/**
 * Jackson's streaming YAML parser over a whole text, with two changes: SnakeYAML reads the text through
 * {@link WholeTextReader}, in time linear in its length, and the SnakeYAML event behind the latest token is kept
 * ({@link #lastEvent()}), so that {@link YamlTree} sees what Jackson does not pass on: a tag on a key, an anchor
 * on a scalar, a map or list where a key should be.
 *
 * <p>Jackson takes every event through {@code ParserImpl.getEvent()}, one node event per token (a key, a scalar,
 * an alias, the start of a map or list), so after each token the last event taken is that token's.
 */
final class EventParser extends YAMLParser {
    private final RecordingEvents events;

    private EventParser(IOContext context, RecordingEvents events) {
        super(context, JsonParser.Feature.collectDefaults(), YAMLParser.Feature.collectDefaults(), null, null, events);
        this.events = events;
    }

    /** A parser of {@code text}, which holds only characters YAML allows, with SnakeYAML's {@code options}. */
    static EventParser of(String text, LoaderOptions options, StreamReadConstraints constraints) {
        IOContext context = new IOContext(constraints, StreamWriteConstraints.defaults(),
                ErrorReportConfiguration.defaults(), new BufferRecycler(), ContentReference.unknown(), false);
        return new EventParser(context, new RecordingEvents(new WholeTextReader(text), options));
    }

    /** The SnakeYAML event of the latest token, or null before the first. */
    Event lastEvent() {
        return events.last;
    }

    /** SnakeYAML's parser, noting the last event it gave. */
    private static final class RecordingEvents extends ParserImpl {
        private Event last;

        RecordingEvents(WholeTextReader reader, LoaderOptions options) {
            super(reader, options);
        }

        @Override
        public Event getEvent() {
            last = super.getEvent();
            return last;
        }
    }
}
