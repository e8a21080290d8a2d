import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Replaces simple XMP properties in a sidecar's rdf:Description elements, whichever form
/// they were written in (attribute or element) and whatever prefix the file bound their
/// namespace to. New values go into `target` as attributes (darktable's compact form); the
/// same property is removed from the other descriptions so it is never there twice.
struct PropertyEditor {
    let target: XMLElement
    let all: [XMLElement]

    /// A namespace as (preferred prefix, URI).
    typealias Namespace = (prefix: String, uri: String)

    /// The property's current value in `target`, when written as a simple value.
    func value(_ namespace: Namespace, _ name: String) -> String? {
        if let attribute = attributes(of: target, namespace, name).first { return attribute.stringValue }
        return Self.children(of: target, name, namespace.uri).first?.stringValue
    }

    func set(_ namespace: Namespace, _ name: String, _ value: String) {
        remove(namespace, name)
        let prefix = self.prefix(for: namespace)
        target.addAttribute(XMLNode.attribute(withName: "\(prefix):\(name)", stringValue: value) as! XMLNode)
    }

    func remove(_ namespace: Namespace, _ name: String) {
        for description in all {
            for attribute in attributes(of: description, namespace, name) {
                description.removeAttribute(forName: attribute.name ?? "")
            }
            for element in Self.children(of: description, name, namespace.uri) { element.detach() }
        }
    }

    /// A language alternative (rdf:Alt) property: its x-default entry becomes `text`; the
    /// entries in other languages stay, in whichever description holds them (`target` first).
    func setDefaultLanguage(_ namespace: Namespace, _ name: String, _ text: String) {
        let rdf = XMPSidecar.Namespace.rdf
        let holders = [target] + all.filter { $0 !== target }
        let held = holders.lazy.compactMap { description in
            Self.children(of: description, name, namespace.uri).lazy
                .compactMap { Self.children(of: $0, "Alt", rdf).first }.first.map { (description, $0) }
        }.first
        if let (holder, alternatives) = held {
            for description in all {
                if description !== holder {
                    for element in Self.children(of: description, name, namespace.uri) { element.detach() }
                }
                for attribute in attributes(of: description, namespace, name) {
                    description.removeAttribute(forName: attribute.name ?? "")
                }
            }
            let entries = Self.children(of: alternatives, "li", rdf)
            if let entry = entries.first(where: { $0.attribute(forName: "xml:lang")?.stringValue == "x-default" }) {
                entry.stringValue = text
            } else {
                alternatives.insertChild(languageEntry(text), at: 0)
            }
            return
        }
        remove(namespace, name)
        let rdfPrefix = target.resolvePrefix(forNamespaceURI: rdf) ?? "rdf"
        let property = XMLElement(name: "\(prefix(for: namespace)):\(name)")
        let alt = XMLElement(name: "\(rdfPrefix):Alt")
        alt.addChild(languageEntry(text))
        property.addChild(alt)
        target.addChild(property)
    }

    /// An unordered (`Bag`) or ordered (`Seq`) list property: its items become `values`;
    /// none removes it.
    func setList(_ namespace: Namespace, _ name: String, _ container: String, _ values: [String]) {
        remove(namespace, name)
        guard !values.isEmpty else { return }
        let rdfPrefix = target.resolvePrefix(forNamespaceURI: XMPSidecar.Namespace.rdf) ?? "rdf"
        let property = XMLElement(name: "\(prefix(for: namespace)):\(name)")
        let list = XMLElement(name: "\(rdfPrefix):\(container)")
        for value in values { list.addChild(XMLElement(name: "\(rdfPrefix):li", stringValue: value)) }
        property.addChild(list)
        target.addChild(property)
    }

    // MARK: - Helpers

    /// The child elements of `element` with this local name in this namespace.
    /// (`XMLElement.elements(forLocalName:uri:)` misses some in swift-corelibs-foundation.)
    static func children(of element: XMLElement, _ localName: String, _ uri: String) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }.filter { child in
            guard Self.localName(of: child) == localName else { return false }
            if let found = child.uri { return found == uri }
            guard let qualified = child.name, let colon = qualified.firstIndex(of: ":") else { return false }
            return child.resolveNamespace(forName: qualified)?.stringValue == uri
                || element.namespace(forPrefix: String(qualified[..<colon]))?.stringValue == uri
        }
    }

    /// `node`'s name without its prefix. (Not `XMLNode.localName`: in swift-corelibs-foundation
    /// 6.3 it leaks the libxml2 strings it splits the name into, on every call.)
    static func localName(of node: XMLNode) -> String? {
        guard let name = node.name else { return nil }
        return name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    private func languageEntry(_ text: String) -> XMLElement {
        let rdfPrefix = target.resolvePrefix(forNamespaceURI: XMPSidecar.Namespace.rdf) ?? "rdf"
        let entry = XMLElement(name: "\(rdfPrefix):li", stringValue: text)
        entry.addAttribute(XMLNode.attribute(withName: "xml:lang", stringValue: "x-default") as! XMLNode)
        return entry
    }

    private func attributes(of element: XMLElement, _ namespace: Namespace, _ name: String) -> [XMLNode] {
        (element.attributes ?? []).filter { attribute in
            guard Self.localName(of: attribute) == name else { return false }
            if let uri = attribute.uri { return uri == namespace.uri }
            // Some parsers leave `uri` empty on attributes: resolve the prefix ourselves.
            guard let qualified = attribute.name, let colon = qualified.firstIndex(of: ":") else { return false }
            return element.namespace(forPrefix: String(qualified[..<colon]))?.stringValue == namespace.uri
        }
    }

    /// The prefix `namespace` is bound to in `target`, declaring it there when it is not.
    private func prefix(for namespace: Namespace) -> String {
        if let bound = target.resolvePrefix(forNamespaceURI: namespace.uri), !bound.isEmpty { return bound }
        var prefix = namespace.prefix
        var n = 1
        while let other = target.namespace(forPrefix: prefix), other.stringValue != namespace.uri {
            prefix = namespace.prefix + String(n)
            n += 1
        }
        target.addNamespace(XMLNode.namespace(withName: prefix, stringValue: namespace.uri) as! XMLNode)
        return prefix
    }
}
