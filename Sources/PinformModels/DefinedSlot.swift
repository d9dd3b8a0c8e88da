/// One of the fixed places a form defined in the app takes among the app's models.
///
/// Swift cannot make types while the app runs, and the records list, drafts, printing and
/// the store are generic over a model type with static members. So the app has
/// `DefinedForms.capacity` slot types, each a different `DefinedModel<Slot>`: the static
/// members read the definition `DefinedForms` assigned to `index`.
protocol DefinedSlot: SendableMetatype {
    /// The slot's place, from 0.
    static var index: Int { get }
}

enum DefinedSlot0: DefinedSlot { static var index: Int { 0 } }
enum DefinedSlot1: DefinedSlot { static var index: Int { 1 } }
enum DefinedSlot2: DefinedSlot { static var index: Int { 2 } }
enum DefinedSlot3: DefinedSlot { static var index: Int { 3 } }
enum DefinedSlot4: DefinedSlot { static var index: Int { 4 } }
enum DefinedSlot5: DefinedSlot { static var index: Int { 5 } }
enum DefinedSlot6: DefinedSlot { static var index: Int { 6 } }
enum DefinedSlot7: DefinedSlot { static var index: Int { 7 } }
enum DefinedSlot8: DefinedSlot { static var index: Int { 8 } }
enum DefinedSlot9: DefinedSlot { static var index: Int { 9 } }
enum DefinedSlot10: DefinedSlot { static var index: Int { 10 } }
enum DefinedSlot11: DefinedSlot { static var index: Int { 11 } }
enum DefinedSlot12: DefinedSlot { static var index: Int { 12 } }
enum DefinedSlot13: DefinedSlot { static var index: Int { 13 } }
enum DefinedSlot14: DefinedSlot { static var index: Int { 14 } }
enum DefinedSlot15: DefinedSlot { static var index: Int { 15 } }
enum DefinedSlot16: DefinedSlot { static var index: Int { 16 } }
enum DefinedSlot17: DefinedSlot { static var index: Int { 17 } }
enum DefinedSlot18: DefinedSlot { static var index: Int { 18 } }
enum DefinedSlot19: DefinedSlot { static var index: Int { 19 } }
enum DefinedSlot20: DefinedSlot { static var index: Int { 20 } }
enum DefinedSlot21: DefinedSlot { static var index: Int { 21 } }
enum DefinedSlot22: DefinedSlot { static var index: Int { 22 } }
enum DefinedSlot23: DefinedSlot { static var index: Int { 23 } }
enum DefinedSlot24: DefinedSlot { static var index: Int { 24 } }
enum DefinedSlot25: DefinedSlot { static var index: Int { 25 } }
enum DefinedSlot26: DefinedSlot { static var index: Int { 26 } }
enum DefinedSlot27: DefinedSlot { static var index: Int { 27 } }
enum DefinedSlot28: DefinedSlot { static var index: Int { 28 } }
enum DefinedSlot29: DefinedSlot { static var index: Int { 29 } }
enum DefinedSlot30: DefinedSlot { static var index: Int { 30 } }
enum DefinedSlot31: DefinedSlot { static var index: Int { 31 } }

/// Every slot, in order: `DefinedForms.capacity` of them.
let definedSlots: [any DefinedSlot.Type] = [
    DefinedSlot0.self,
    DefinedSlot1.self,
    DefinedSlot2.self,
    DefinedSlot3.self,
    DefinedSlot4.self,
    DefinedSlot5.self,
    DefinedSlot6.self,
    DefinedSlot7.self,
    DefinedSlot8.self,
    DefinedSlot9.self,
    DefinedSlot10.self,
    DefinedSlot11.self,
    DefinedSlot12.self,
    DefinedSlot13.self,
    DefinedSlot14.self,
    DefinedSlot15.self,
    DefinedSlot16.self,
    DefinedSlot17.self,
    DefinedSlot18.self,
    DefinedSlot19.self,
    DefinedSlot20.self,
    DefinedSlot21.self,
    DefinedSlot22.self,
    DefinedSlot23.self,
    DefinedSlot24.self,
    DefinedSlot25.self,
    DefinedSlot26.self,
    DefinedSlot27.self,
    DefinedSlot28.self,
    DefinedSlot29.self,
    DefinedSlot30.self,
    DefinedSlot31.self,
]
