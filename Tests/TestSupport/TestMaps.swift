/// ASCII maps that several test modules draw their networks on.
public enum TestMaps {
    /// A town with two ways between its west end `a` and east end `d`: over the top (`a e b c f d`,
    /// 300 m with 10 m cells) and over the bottom (`a g h i j d`, 360 m), each with two side streets
    /// (`k`, `l`, `m`, `n`) that make junctions along it. The bottom way is an obvious alternative to the
    /// top one (20 % longer, nothing shared between `a` and `d`).
    public static let twoWays = """
                k         l
                |         |
        e-------b---------c-------f
        |                         |
        a                         d
        |                         |
        |                         |
        g-------h---------i-------j
                |         |
                m         n
        """
}
