import CGPhoto2
import Foundation

/// A camera through libgphoto2 (issue 25), loaded on first use (`Sources/CGPhoto2`, the recipe
/// in `lazy_link.h`): starting photory never maps it. One connection per value; libgphoto2 is
/// not meant to be driven from two threads at once, so use one from one thread.
public final class GPhoto2Camera: CameraSource, @unchecked Sendable {
    public let label: String
    private let context: OpaquePointer
    private let camera: UnsafeMutablePointer<Camera>
    public let canCapture: Bool

    /// A camera libgphoto2 detected: its driver's model name and its port.
    public typealias Detected = CameraAddress

    /// Why libgphoto2 cannot be loaded, or nil when it is.
    public static var loadFailure: String? { photory_gphoto2_load().map { String(cString: $0) } }

    /// The cameras and phones plugged in (and card readers libgphoto2 sees as disks).
    public static func detect() throws(CameraError) -> [Detected] {
        if let failure = loadFailure { throw .libraryMissing(failure) }
        guard let context = gp_context_new() else { throw .failed("detecting cameras", reason: "no libgphoto2 context") }
        defer { gp_context_unref(context) }
        var list: OpaquePointer?
        guard gp_list_new(&list) == photory_gp_ok(), let list else { throw .failed("detecting cameras", reason: "out of memory") }
        defer { gp_list_free(list) }
        let found = gp_camera_autodetect(list, context)
        guard found >= photory_gp_ok() else { throw .failed("detecting cameras", reason: reason(found)) }
        return (0..<max(0, gp_list_count(list))).compactMap { index in
            var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
            guard gp_list_get_name(list, Int32(index), &name) == photory_gp_ok(),
                  gp_list_get_value(list, Int32(index), &value) == photory_gp_ok(), let name, let value else { return nil }
            return Detected(model: String(cString: name), port: String(cString: value))
        }
    }

    /// Opens the camera of driver `model` on `port` (nil: the port detected for that model).
    public convenience init(_ address: CameraAddress) throws(CameraError) {
        try self.init(model: address.model, port: address.port)
    }

    public init(model: String, port: String?) throws(CameraError) {
        if let failure = Self.loadFailure { throw .libraryMissing(failure) }
        var port = port
        if port == nil {
            let found = try Self.detect().filter { $0.model == model }
            guard let first = found.first else {
                throw .failed("opening \(model)", reason: "no such camera is plugged in (give --port, e.g. usb: or disk:/path)")
            }
            port = first.port
        }
        let portPath = port ?? ""
        // A folder as a camera: libgphoto2 would say only "Unspecified error" when listing it.
        if portPath.hasPrefix("disk:") {
            let folder = String(portPath.dropFirst("disk:".count))
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw .failed("opening \(model) on \(portPath)", reason: "\(folder) is not a folder (no such folder?)")
            }
        }
        guard let context = gp_context_new() else { throw .failed("opening \(model)", reason: "no libgphoto2 context") }
        var camera: UnsafeMutablePointer<Camera>?
        guard gp_camera_new(&camera) == photory_gp_ok(), let camera else {
            gp_context_unref(context)
            throw .failed("opening \(model)", reason: "out of memory")
        }
        do {
            try Self.configure(camera, model: model, port: portPath, context: context)
        } catch {
            gp_camera_unref(camera)
            gp_context_unref(context)
            throw error
        }
        self.context = context
        self.camera = camera
        var abilities = CameraAbilities()
        canCapture = gp_camera_get_abilities(camera, &abilities) == photory_gp_ok() && photory_gp_can_capture(&abilities) != 0
        label = "\(model) on \(portPath)"
    }

    private static func configure(_ camera: UnsafeMutablePointer<Camera>, model: String, port: String,
                                  context: OpaquePointer) throws(CameraError) {
        var abilitiesList: OpaquePointer?
        guard gp_abilities_list_new(&abilitiesList) == photory_gp_ok(), let abilitiesList else {
            throw .failed("opening \(model)", reason: "out of memory")
        }
        defer { gp_abilities_list_free(abilitiesList) }
        _ = gp_abilities_list_load(abilitiesList, context)
        let modelIndex = gp_abilities_list_lookup_model(abilitiesList, model)
        guard modelIndex >= 0 else { throw .unknownModel(model) }
        var abilities = CameraAbilities()
        guard gp_abilities_list_get_abilities(abilitiesList, modelIndex, &abilities) == photory_gp_ok() else {
            throw .unknownModel(model)
        }
        _ = gp_camera_set_abilities(camera, abilities)

        var ports: OpaquePointer?
        guard gp_port_info_list_new(&ports) == photory_gp_ok(), let ports else {
            throw .failed("opening \(model)", reason: "out of memory")
        }
        defer { gp_port_info_list_free(ports) }
        _ = gp_port_info_list_load(ports)
        let portIndex = gp_port_info_list_lookup_path(ports, port)
        guard portIndex >= 0 else { throw .unknownPort(port) }
        var info: GPPortInfo?
        guard gp_port_info_list_get_info(ports, portIndex, &info) == photory_gp_ok(), let info else { throw .unknownPort(port) }
        _ = gp_camera_set_port_info(camera, info)
        let opened = gp_camera_init(camera, context)
        guard opened >= photory_gp_ok() else { throw .failed("opening \(model) on \(port)", reason: reason(opened)) }
    }

    deinit {
        _ = gp_camera_exit(camera, context)
        _ = gp_camera_unref(camera)
        gp_context_unref(context)
    }

    public func list(_ folder: String) throws(CameraError) -> CameraFolder {
        let files = try list(folder, folders: false).map { name in info(of: CameraFile(folder: folder, name: name)) }
        return CameraFolder(folders: try list(folder, folders: true), files: files)
    }

    /// `file` with the size and time the camera gives it.
    private func info(of file: CameraFile) -> CameraFile {
        var file = file
        var info = CameraFileInfo()
        if gp_camera_file_get_info(camera, file.folder, file.name, &info, context) == photory_gp_ok() {
            let fields = Int32(bitPattern: info.file.fields.rawValue)
            if fields & Int32(photory_gp_info_size()) != 0 { file.size = Int64(info.file.size) }
            if fields & Int32(photory_gp_info_mtime()) != 0, info.file.mtime > 0 { file.modified = Double(info.file.mtime) }
        }
        return file
    }

    public func thumbnail(of file: CameraFile) -> [UInt8]? {
        var cameraFile: OpaquePointer?
        guard gp_file_new(&cameraFile) == photory_gp_ok(), let cameraFile else { return nil }
        defer { gp_file_unref(cameraFile) }
        guard gp_camera_file_get(camera, file.folder, file.name, photory_gp_file_type_preview(), cameraFile, context) >= photory_gp_ok()
        else { return nil }
        var data: UnsafePointer<CChar>?
        var size: UInt = 0
        guard gp_file_get_data_and_size(cameraFile, &data, &size) == photory_gp_ok(), let data, size > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { Array(UnsafeBufferPointer(start: $0, count: Int(size))) }
    }

    public func delete(_ file: CameraFile) throws(CameraError) {
        let result = gp_camera_file_delete(camera, file.folder, file.name, context)
        guard result >= photory_gp_ok() else { throw .failed("deleting \(file.path) from \(label)", reason: Self.reason(result)) }
    }

    public func capture() throws(CameraError) -> CameraFile {
        guard canCapture else { throw .cannotCapture(label) }
        var path = CameraFilePath()
        let result = gp_camera_capture(camera, photory_gp_capture_image(), &path, context)
        guard result >= photory_gp_ok() else { throw .failed("taking a picture with \(label)", reason: Self.reason(result)) }
        return info(of: CameraFile(folder: String(cString: photory_gp_path_folder(&path)), name: String(cString: photory_gp_path_name(&path))))
    }

    private func list(_ folder: String, folders: Bool) throws(CameraError) -> [String] {
        var list: OpaquePointer?
        guard gp_list_new(&list) == photory_gp_ok(), let list else { throw .failed("listing \(folder)", reason: "out of memory") }
        defer { gp_list_free(list) }
        let result = folders ? gp_camera_folder_list_folders(camera, folder, list, context)
            : gp_camera_folder_list_files(camera, folder, list, context)
        guard result >= photory_gp_ok() else { throw .failed("listing \(folder) on \(label)", reason: Self.reason(result)) }
        return (0..<max(0, gp_list_count(list))).compactMap { index in
            var name: UnsafePointer<CChar>?
            guard gp_list_get_name(list, Int32(index), &name) == photory_gp_ok(), let name else { return nil }
            return String(cString: name)
        }.sorted()
    }

    public func download(_ file: CameraFile, into fd: Int32) throws(CameraError) {
        // libgphoto2 closes the descriptor it is given with the file: hand it a copy.
        let own = dup(fd)
        guard own >= 0 else { throw .failed("copying \(file.path)", reason: String(cString: strerror(errno))) }
        var cameraFile: OpaquePointer?
        guard gp_file_new_from_fd(&cameraFile, own) == photory_gp_ok(), let cameraFile else {
            close(own)
            throw .failed("copying \(file.path)", reason: "out of memory")
        }
        defer { gp_file_unref(cameraFile) }
        let result = gp_camera_file_get(camera, file.folder, file.name, photory_gp_file_type_normal(), cameraFile, context)
        guard result >= photory_gp_ok() else { throw .failed("copying \(file.path) from \(label)", reason: Self.reason(result)) }
    }

    private static func reason(_ code: Int32) -> String {
        gp_result_as_string(code).map { String(cString: $0) } ?? "libgphoto2 error \(code)"
    }
}
