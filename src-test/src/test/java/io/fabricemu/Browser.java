package io.fabricemu;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Renders a page in headless Chromium (Debian's {@code chromium}) as a user's browser would, and reads back
 * what the page's own check script wrote on each {@code svg.plot} ({@code --dump-dom}) and what was painted
 * ({@code --screenshot}). Every call gets a fresh profile directory and no network.
 */
final class Browser {
    static final int WIDTH = 1000;
    static final int HEIGHT = 9000;
    private static final Pattern SVG = Pattern.compile("<svg[^>]*class=\"plot\"[^>]*>");

    /** One plot as rendered: its name, data paths, points, paths drawn, its rectangle and its lines' rectangle. */
    record Plot(String name, int paths, int points, int drawn, int[] rect, int[] lines) {
    }

    /** The plots as the DOM reports them, and the page as painted. */
    record Rendered(int plotsOnBody, List<Plot> plots, BufferedImage screenshot) {
    }

    private Browser() {
    }

    /**
     * Renders {@code html} in a window {@value #WIDTH} px wide and {@value #HEIGHT} px tall, once: the DOM after
     * the load event and a screenshot of the same layout.
     */
    static Rendered render(Path html, Path workDir) throws IOException, InterruptedException {
        Path png = workDir.resolve("shot-" + System.nanoTime() + ".png");
        String dom = chromium(workDir, html, png);
        List<Plot> plots = new ArrayList<>();
        Matcher m = SVG.matcher(dom);
        while (m.find()) {
            String tag = m.group();
            plots.add(new Plot(attr(tag, "data-plot"), Integer.parseInt(attr(tag, "data-paths")),
                    Integer.parseInt(attr(tag, "data-points")), Integer.parseInt(attr(tag, "data-drawn")),
                    ints(attr(tag, "data-rect")), ints(attr(tag, "data-lines"))));
        }
        Matcher body = Pattern.compile("<body[^>]*data-plots=\"(\\d+)\"").matcher(dom);
        int onBody = body.find() ? Integer.parseInt(body.group(1)) : -1;
        return new Rendered(onBody, plots, ImageIO.read(png.toFile()));
    }

    /**
     * Pixels inside {@code rect} (left, top, width, height; widened by 3 px for the line width) whose colour is
     * saturated: the series colours, not the white ground, the grey grid and axes or black text.
     */
    static int colouredPixels(BufferedImage image, int[] rect) {
        int count = 0;
        for (int y = Math.max(0, rect[1] - 3); y < Math.min(image.getHeight(), rect[1] + rect[3] + 3); y++) {
            for (int x = Math.max(0, rect[0] - 3); x < Math.min(image.getWidth(), rect[0] + rect[2] + 3); x++) {
                int rgb = image.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    count++;
                }
            }
        }
        return count;
    }

    private static String chromium(Path workDir, Path html, Path png) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(workDir, "chromium-profile");
        Path stdout = workDir.resolve("chromium-out-" + System.nanoTime() + ".txt");
        List<String> command = List.of(Programs.CHROMIUM.find().toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + "," + HEIGHT, "--dump-dom", "--screenshot=" + png, html.toUri().toString());
        Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish in 60 s: " + command);
        }
        if (process.exitValue() != 0) {
            throw new AssertionError("chromium exited with " + process.exitValue() + ": " + command);
        }
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    private static String attr(String tag, String name) {
        Matcher m = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(tag);
        if (!m.find()) {
            throw new AssertionError("the page's script did not run: no " + name + " on " + tag);
        }
        return m.group(1);
    }

    private static int[] ints(String text) {
        String[] parts = text.trim().split(" ");
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Integer.parseInt(parts[i]);
        }
        return out;
    }

}
