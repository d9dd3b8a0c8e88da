import Controls

/// A record for the list tests.
struct Pet: Equatable {
    var name: String
    var species: String
    var age: Int
}

/// An in-memory data source that sorts and searches like the app's store, and counts fetches.
final class PetSource: RecordListDataSource {
    var pets: [ListedRecordID: Pet] = [:]
    private(set) var fetchedIDs = 0
    private(set) var idQueries = 0
    var failure: (any Error)?

    init(_ pets: [Pet]) {
        for (offset, pet) in pets.enumerated() { self.pets[ListedRecordID(Int64(offset + 1))] = pet }
    }

    init(count: Int) {
        pets.reserveCapacity(count)
        for index in 1...count { pets[ListedRecordID(Int64(index))] = Pet(name: "Pet \(index)", species: "cat", age: index % 20) }
    }

    func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID] {
        if let failure { throw failure }
        idQueries += 1
        let terms = search.lowercased().split(separator: " ")
        let matching = pets.filter { _, pet in
            terms.allSatisfy { "\(pet.name) \(pet.species)".lowercased().contains($0) }
        }
        let sorted = matching.sorted { left, right in
            let order: Bool
            switch key {
            case "name": order = left.value.name == right.value.name ? left.key < right.key : left.value.name < right.value.name
            case "age": order = left.value.age == right.value.age ? left.key < right.key : left.value.age < right.value.age
            default: order = left.key < right.key
            }
            return order
        }
        let ids = sorted.map(\.key)
        return ascending ? ids : ids.reversed()
    }

    func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Pet] {
        if let failure { throw failure }
        fetchedIDs += ids.count
        var result: [ListedRecordID: Pet] = [:]
        for id in ids { result[id] = pets[id] }
        return result
    }
}

struct SourceFailure: Error {}

@MainActor
func makePetList(_ source: PetSource) -> RecordList<Pet> {
    RecordList(source: source, columns: [
        RecordColumn("Name", \.name, sortKey: "name"),
        RecordColumn("Species", \.species),
        RecordColumn("Age", \.age, sortKey: "age"),
    ])
}

let threePets = [
    Pet(name: "Rex", species: "dog", age: 3),
    Pet(name: "Ada", species: "cat", age: 7),
    Pet(name: "Milo", species: "cat", age: 1),
]
