import SquarestockCore

/// ICU's Chinese calendar for the lunar years starting in 1900 through 2100, as a table: the
/// dates market calendars ask for (Lunar New Year, Buddha's Birthday, Tuen Ng, Mid-Autumn, Chung
/// Yeung) without opening ICU, whose Chinese calendar alone costs more than the rest of `market`.
///
/// Generated once from the same ICU call `LunisolarCalendar` falls back to outside these years
/// (`ss_chinese_to_gregorian_days`, month by month); `LunisolarTableTests` checks every month
/// start and length against ICU, so the table cannot drift from it.
enum LunisolarTable {
    static let firstYear = 1900
    static let lastYear = 2100

    /// Per lunar year, three numbers: its first day (days since 1970-01-01), its leap month (the
    /// intercalary month follows the month of that number; 0 for none), and its month lengths
    /// (bit i set: the i-th month of the year, leap month counted in order, has 30 days, else 29).
    static let packed: [Int32] = [
        -25537, 8, 5842, -25153, 0, 1874, -24799, 0, 3749, -24444, 5, 5706,
        -24061, 0, 1611, -23707, 0, 2715, -23352, 4, 5462, -22968, 0, 1386,
        -22614, 0, 2905, -22259, 2, 5970, -21875, 0, 1874, -21521, 6, 6949,
        -21137, 0, 2853, -20783, 0, 2635, -20429, 5, 5291, -20045, 0, 685,
        -19691, 0, 1387, -19336, 3, 2921, -18952, 0, 3497, -18597, 7, 7570,
        -18213, 0, 3730, -17859, 0, 3365, -17505, 6, 6733, -17121, 0, 2646,
        -16767, 0, 694, -16413, 4, 5557, -16028, 0, 1748, -15674, 0, 3753,
        -15319, 2, 7826, -14935, 0, 3730, -14581, 6, 3366, -14198, 0, 1323,
        -13844, 0, 2647, -13489, 5, 4790, -13105, 0, 2906, -12750, 0, 1748,
        -12396, 3, 3785, -12012, 0, 1865, -11658, 7, 5779, -11274, 0, 2707,
        -10920, 0, 1323, -10566, 6, 2651, -10182, 0, 2733, -9827, 0, 1386,
        -9473, 4, 6997, -9088, 0, 2980, -8734, 0, 2889, -8380, 2, 6803,
        -7996, 0, 2709, -7642, 7, 5421, -7258, 0, 1334, -6904, 0, 2733,
        -6549, 5, 5546, -6165, 0, 3506, -5810, 0, 3492, -5456, 3, 7497,
        -5072, 0, 3402, -4718, 8, 2709, -4335, 0, 2711, -3980, 0, 1366,
        -3626, 6, 2741, -3242, 0, 2773, -2887, 0, 1746, -2533, 4, 3749,
        -2149, 0, 3749, -1794, 0, 1610, -1441, 3, 3223, -1057, 0, 2715,
        -702, 7, 5466, -318, 0, 1386, 36, 0, 2921, 391, 5, 5970,
        775, 0, 2898, 1129, 0, 2853, 1483, 4, 5707, 1867, 0, 2635,
        2221, 8, 5291, 2605, 0, 685, 2959, 0, 1389, 3314, 6, 2921,
        3698, 0, 3497, 4053, 0, 3474, 4407, 4, 7461, 4791, 0, 3365,
        5145, 10, 6733, 5529, 0, 2646, 5883, 0, 694, 6237, 7, 1461,
        6621, 0, 1749, 6976, 0, 3753, 7331, 5, 7826, 7715, 0, 3730,
        8069, 0, 3366, 8423, 3, 2646, 8806, 0, 2647, 9161, 8, 5334,
        9545, 0, 858, 9899, 0, 1749, 10254, 5, 3785, 10638, 0, 1865,
        10992, 0, 1683, 11346, 4, 5419, 11730, 0, 1323, 12084, 0, 2651,
        12439, 2, 5466, 12823, 0, 1386, 13177, 7, 6997, 13562, 0, 2980,
        13916, 0, 2889, 14270, 5, 6803, 14654, 0, 2709, 15008, 0, 1325,
        15362, 4, 2669, 15746, 0, 2741, 16101, 9, 5546, 16485, 0, 1490,
        16839, 0, 3493, 17194, 6, 7498, 17578, 0, 3658, 17932, 0, 3221,
        18286, 4, 5422, 18670, 0, 1366, 19024, 0, 2741, 19379, 2, 5554,
        19763, 0, 1746, 20117, 6, 3749, 20501, 0, 3877, 20856, 0, 1610,
        21209, 5, 3223, 21593, 0, 1195, 21947, 0, 1371, 22302, 3, 2774,
        22686, 0, 2921, 23041, 11, 5970, 23425, 0, 2898, 23779, 0, 2853,
        24133, 6, 6731, 24517, 0, 2635, 24871, 0, 1195, 25225, 5, 1371,
        25609, 0, 1453, 25964, 0, 2922, 26319, 2, 6994, 26703, 0, 3474,
        27057, 7, 7461, 27441, 0, 3365, 27795, 0, 2645, 28149, 5, 5293,
        28533, 0, 1206, 28887, 0, 1461, 29242, 3, 3498, 29626, 0, 3785,
        29981, 8, 7826, 30365, 0, 3730, 30719, 0, 3366, 31073, 6, 2646,
        31456, 0, 2647, 31811, 0, 1238, 32165, 4, 1749, 32549, 0, 1877,
        32904, 0, 1865, 33258, 3, 3731, 33642, 0, 1683, 33996, 7, 5419,
        34380, 0, 1323, 34734, 0, 2651, 35089, 5, 5466, 35473, 0, 1386,
        35827, 0, 2917, 36182, 4, 5962, 36566, 0, 2889, 36920, 8, 6805,
        37304, 0, 2709, 37658, 0, 1325, 38012, 6, 2733, 38396, 0, 2741,
        38751, 0, 1450, 39105, 4, 2981, 39489, 0, 3493, 39844, 0, 3402,
        40198, 3, 7317, 40582, 0, 3222, 40936, 7, 6478, 41320, 0, 1366,
        41674, 0, 2741, 42029, 5, 5554, 42413, 0, 1746, 42767, 0, 3749,
        43122, 4, 3658, 43505, 0, 1675, 43859, 8, 3223, 44243, 0, 1195,
        44597, 0, 1371, 44952, 6, 2774, 45336, 0, 2922, 45691, 0, 1874,
        46045, 4, 5925, 46429, 0, 2885, 46783, 0, 2699, 47137, 2, 5275,
        47521, 0, 1195,
    ]

    /// The Gregorian date, or nil if the day does not exist that year; nil too outside the table.
    static func date(lunarYearStartingIn year: Int, month: Int, day: Int, leap: Bool) -> CivilDate?? {
        guard (firstYear...lastYear).contains(year) else { return .none }
        let row = (year - firstYear) * 3
        let newYear = Int64(packed[row])
        let leapMonth = Int(packed[row + 1])
        let lengths = Int(packed[row + 2])
        guard (1...12).contains(month), (1...30).contains(day), !leap || month == leapMonth else { return .some(nil) }
        // Position of the month within the year: a leap month follows its namesake.
        let index = month - 1 + (leap || (leapMonth != 0 && month > leapMonth) ? 1 : 0)
        guard day <= (lengths >> index & 1 == 1 ? 30 : 29) else { return .some(nil) }
        var offset = 0
        for i in 0..<index { offset += lengths >> i & 1 == 1 ? 30 : 29 }
        return .some(CivilDate(daysSinceEpoch: newYear + Int64(offset + day - 1)))
    }
}
