package io.fabricemu.scenario.workload;

/**
 * What a connection matrix's {@code failure} lines need of the topology: the {@code k} of the classic k-ary fat
 * tree it is (0 when it is not one: another kind, or a fat tree of another shape) and its planes.
 *
 * @param fatTreeK the topology's k when it is {@code {kind: fat-tree, k: K}} (or planes of it), else 0
 * @param planes   its planes, at least 1
 */
public record MatrixFabric(int fatTreeK, int planes) {
    /** A topology on which no failure line can be mapped. */
    public static final MatrixFabric NONE = new MatrixFabric(0, 1);

    public MatrixFabric {
        if (fatTreeK < 0 || planes < 1) {
            throw new IllegalArgumentException("fatTreeK must be >= 0 and planes >= 1, were " + fatTreeK + " and "
                    + planes);
        }
    }
}
