namespace Bookstore.Domain
{
    /// <summary>Written with a C# 12 primary constructor; <c>country</c> is captured, not stored in a property.</summary>
    public class Author(string name, string? country = null)
    {
        public string Name { get; } = name;

        public string Country => country ?? "unknown";

        public string Describe() => $"{Name} ({Country})";
    }
}
